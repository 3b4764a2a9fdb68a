/**
 * PdfSplit in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfSplit } from './PdfSplit';

/** The scissors come once pdf.js has read the page count: slow on a loaded machine. */
const PAGES_DRAWN = { timeout: 20_000 };

const stories = toolStories({
  Component: PdfSplit,
  toolId: 'pdf-split',
  accepted: ['pdflatex-4-pages.pdf'],
});

const meta = { title: 'Tools/PdfSplit', component: PdfSplit, ...stories.meta } satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');

/** Keyboard only: the scissors after page 1 and after page 3 make three parts. */
export const SplitAtBoundaries: StoryObj<ToolStoryArgs> = {
  play: async (context) => {
    await stories.Selected.play?.(context);
    const canvas = within(context.canvasElement);
    for (const page of [1, 3]) {
      (await canvas.findByRole('button', { name: `Split after page ${page}` }, PAGES_DRAWN)).focus();
      await userEvent.keyboard('{Enter}');
    }
    await waitFor(() =>
      expect(canvas.getByLabelText('Pages to extract', { exact: true })).toHaveValue('1, 2-3, 4'),
    );
  },
};
