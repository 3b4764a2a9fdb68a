/**
 * PageGrid: a 117-page corpus PDF as virtualised thumbnails; read-only (merge's file pages), as
 * toggles (rotate, split's picks) and with boundary buttons (split's cuts). Play functions use the
 * keyboard.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadFixture } from '../../fixtures';
import { PageGrid, type PageGridProps } from './PageGrid';

/** pdf.js loads and draws first: slow on a loaded machine, so wait longer than the default 1 s. */
const PAGES_DRAWN = { timeout: 20_000 };

function Toggles(props: PageGridProps) {
  const [pressed, setPressed] = useState<ReadonlySet<number>>(new Set([0]));
  return (
    <PageGrid
      {...props}
      isPressed={(index) => pressed.has(index)}
      rotationOf={(index) => (pressed.has(index) ? 90 : 0)}
      toggleLabel={(page) => `Rotate page ${page}`}
      onToggle={(index) =>
        setPressed((current) => {
          const next = new Set(current);
          if (next.has(index)) next.delete(index);
          else next.add(index);
          return next;
        })
      }
    />
  );
}

function Boundaries(props: PageGridProps) {
  const [cuts, setCuts] = useState<ReadonlySet<number>>(new Set());
  return (
    <PageGrid
      {...props}
      renderAfter={(index) => (
        <button
          type="button"
          aria-pressed={cuts.has(index)}
          aria-label={`Split after page ${index + 1}`}
          onClick={() =>
            setCuts((current) => {
              const next = new Set(current);
              if (next.has(index)) next.delete(index);
              else next.add(index);
              return next;
            })
          }
        >
          ✂
        </button>
      )}
    />
  );
}

const meta = {
  title: 'Primitives/PageGrid',
  component: PageGrid,
  loaders: [async () => ({ file: await loadFixture('GeoTopo-komprimiert.pdf') })],
  render: (args, { loaded }) => (
    <div style={{ maxWidth: 640 }}>
      <PageGrid {...args} file={loaded.file as File} />
    </div>
  ),
  args: { file: new Blob(), pageCount: 117, label: 'Pages of GeoTopo-komprimiert.pdf', height: 420 },
} satisfies Meta<typeof PageGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ReadOnly: Story = {
  play: async ({ canvasElement }) => {
    const page = await within(canvasElement).findByRole('img', { name: 'Page 1' }, PAGES_DRAWN);
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('ready'), { timeout: 20_000 });
  },
};

/** Arrow keys move between pages, End jumps to page 117 (scrolled into view), Space toggles it. */
export const TogglesByKeyboard: Story = {
  render: (args, { loaded }) => (
    <div style={{ maxWidth: 640 }}>
      <Toggles {...args} file={loaded.file as File} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    (await canvas.findByRole('button', { name: 'Rotate page 1' }, PAGES_DRAWN)).focus();
    await userEvent.keyboard('{End}');
    const last = await canvas.findByRole('button', { name: 'Rotate page 117' }, PAGES_DRAWN);
    await waitFor(() => expect(document.activeElement).toBe(last));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(last.getAttribute('aria-pressed')).toBe('true'));
  },
};

export const WithBoundaries: Story = {
  render: (args, { loaded }) => (
    <div style={{ maxWidth: 640 }}>
      <Boundaries {...args} file={loaded.file as File} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cut = await within(canvasElement).findByRole('button', { name: 'Split after page 2' }, PAGES_DRAWN);
    cut.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(cut.getAttribute('aria-pressed')).toBe('true'));
  },
};
