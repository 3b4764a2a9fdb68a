/**
 * PdfMerge in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfMerge } from './PdfMerge';

const stories = toolStories({
  Component: PdfMerge,
  toolId: 'pdf-merge',
  accepted: ['crazyones.pdf', 'pdflatex-4-pages.pdf'],
});

const meta = { title: 'Tools/PdfMerge', component: PdfMerge, ...stories.meta } satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');

/** Keyboard only: the second file picked up by its handle and moved first; then its pages opened. */
export const ReorderedByKeyboard: StoryObj<ToolStoryArgs> = {
  play: async (context) => {
    await stories.Selected.play?.(context);
    const canvas = within(context.canvasElement);
    (await canvas.findByRole('button', { name: 'Drag to reorder pdflatex-4-pages.pdf' })).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard(' ');
    const names = () =>
      [...context.canvasElement.querySelectorAll('[data-part="file-name"]')].map((node) => node.textContent);
    await waitFor(() => expect(names()).toEqual(['pdflatex-4-pages.pdf', 'crazyones.pdf']));
    (await canvas.findByRole('button', { name: 'Show the pages of pdflatex-4-pages.pdf' })).focus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('group', { name: 'Pages of pdflatex-4-pages.pdf' });
  },
};
