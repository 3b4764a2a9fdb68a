/**
 * PdfRotate in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfRotate } from './PdfRotate';

const stories = toolStories({
  Component: PdfRotate,
  toolId: 'pdf-rotate',
  accepted: ['pdflatex-4-pages.pdf'],
});

const meta = {
  title: 'Tools/PdfRotate',
  component: PdfRotate,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
export const InvalidParameters = stories.invalidParametersStory('PageRange');

/** Keyboard only: 'No pages', then page 2 and page 4 toggled from the pictures; the field follows. */
export const PagesChosenOnPictures: StoryObj<ToolStoryArgs> = {
  play: async (context) => {
    await stories.Selected.play?.(context);
    const canvas = within(context.canvasElement);
    (await canvas.findByRole('button', { name: 'No pages' })).focus();
    await userEvent.keyboard('{Enter}');
    const page2 = await canvas.findByRole('button', { name: 'Rotate page 2' });
    page2.focus();
    await userEvent.keyboard('{Enter}{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(() =>
      expect(canvas.getByLabelText('Pages to rotate', { exact: true })).toHaveValue('2, 4'),
    );
  },
};
