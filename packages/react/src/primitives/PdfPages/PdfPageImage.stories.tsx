/** PdfPageImage: one page of a corpus PDF drawn by pdf.js in the browser; upright, turned, unreadable. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { loadFixture } from '../../fixtures';
import { PdfPageImage } from './PdfPageImage';

/** pdf.js loads and draws first: slow on a loaded machine, so wait longer than the default 1 s. */
const PAGES_DRAWN = { timeout: 20_000 };

const meta = {
  title: 'Primitives/PdfPageImage',
  component: PdfPageImage,
  loaders: [async () => ({ file: await loadFixture('pdflatex-4-pages.pdf') })],
  render: (args, { loaded }) => <PdfPageImage {...args} file={loaded.file as File} />,
  args: { file: new Blob(), pageIndex: 0, width: 180 },
} satisfies Meta<typeof PdfPageImage>;
export default meta;
type Story = StoryObj<typeof meta>;

const drawn = async (canvasElement: HTMLElement, name: string) => {
  const picture = await within(canvasElement).findByRole('img', { name }, PAGES_DRAWN);
  await waitFor(() => expect(picture.getAttribute('data-state')).toBe('ready'), { timeout: 20_000 });
};

export const Upright: Story = { play: ({ canvasElement }) => drawn(canvasElement, 'Page 1') };

/** Page 2 turned a quarter clockwise, as Rotate shows a chosen page. */
export const Turned: Story = {
  args: { pageIndex: 1, rotation: 90, label: 'Page 2, turned' },
  play: ({ canvasElement }) => drawn(canvasElement, 'Page 2, turned'),
};

/** A file pdf.js cannot read: the frame says so. */
export const Unreadable: Story = {
  render: (args) => <PdfPageImage {...args} file={new Blob(['not a PDF'])} />,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Preview not available', {}, { timeout: 20_000 });
  },
};
