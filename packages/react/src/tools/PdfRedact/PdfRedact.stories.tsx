/**
 * PdfRedact in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { HttpTransport } from '@docstudio/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadFixtures } from '../../fixtures';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { dropFiles } from '../../testing/dom.events';
import { PdfRedact } from './PdfRedact';

const stories = toolStories({
  Component: PdfRedact,
  toolId: 'pdf-redact',
  accepted: ['crazyones.pdf'],
  confirms: true,
});

const meta = {
  title: 'Tools/PdfRedact',
  component: PdfRedact,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
export const InvalidParameters = stories.invalidParametersStory('Preset');

/** The dry run's answer for the story: two boxes on the first page of crazyones.pdf. */
const previewServer: HttpTransport = async () => ({
  status: 200,
  statusText: 'OK',
  ok: true,
  bodyText: JSON.stringify({
    Pages: [
      {
        Page: 1,
        Width: 612,
        Height: 792,
        Boxes: [
          { X: 72, Y: 99, Width: 180, Height: 14, Kind: 'personName' },
          { X: 72, Y: 180, Width: 240, Height: 14, Kind: 'term' },
        ],
      },
    ],
    Boxes: 2,
    OcrPages: [],
  }),
});

/** The redaction boxes over the page, before redacting: reached by keyboard (Tab to the button, Enter). */
export const Previewed: StoryObj<ToolStoryArgs> = {
  render: (args) => <PdfRedact {...args} transport={previewServer} />,
  play: async ({ canvasElement }) => {
    const root = within(canvasElement);
    const zone = canvasElement.querySelector<HTMLElement>('[data-part="dropzone"]');
    if (!zone) throw new Error('no drop zone');
    await dropFiles(zone, await loadFixtures('crazyones.pdf'));
    const button = await root.findByRole('button', { name: 'Preview redactions' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await root.findByRole('img', { name: 'Page 1: 2 areas to redact' }, { timeout: 60_000 });
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-part="redaction-box"]')).toHaveLength(2),
    );
  },
};
