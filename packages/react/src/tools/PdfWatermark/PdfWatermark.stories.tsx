/**
 * PdfWatermark in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { loadFixtures } from '../../fixtures';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { dropFiles } from '../../testing/dom.events';
import { PdfWatermark } from './PdfWatermark';

const stories = toolStories({
  Component: PdfWatermark,
  toolId: 'pdf-watermark',
  accepted: ['crazyones.pdf'],
});

const meta = {
  title: 'Tools/PdfWatermark',
  component: PdfWatermark,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
export const InvalidParameters = stories.invalidParametersStory('Opacity');

/** The live preview on the first page, following the text as it is typed (keyboard only). */
export const Preview: StoryObj<ToolStoryArgs> = {
  play: async ({ canvasElement }) => {
    const root = within(canvasElement);
    const zone = canvasElement.querySelector<HTMLElement>('[data-part="dropzone"]');
    if (!zone) throw new Error('no drop zone');
    await dropFiles(zone, await loadFixtures('crazyones.pdf'));
    // pdf.js loads on first use (it reads the page size): seconds on a cold, loaded machine.
    await root.findByRole(
      'img',
      { name: 'Preview of the watermark on page 1: CONFIDENTIAL' },
      { timeout: 60_000 },
    );
    const field = root.getByRole('textbox', { name: 'Watermark text' });
    field.focus();
    await userEvent.clear(field);
    await userEvent.keyboard('DRAFT');
    await root.findByRole('img', { name: 'Preview of the watermark on page 1: DRAFT' });
    await expect(canvasElement.querySelector('[data-part="watermark-text"]')).toHaveTextContent('DRAFT');
  },
};
