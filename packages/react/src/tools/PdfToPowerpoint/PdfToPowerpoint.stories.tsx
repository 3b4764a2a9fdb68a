/**
 * PdfToPowerpoint in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfToPowerpoint } from './PdfToPowerpoint';

const stories = toolStories({
  Component: PdfToPowerpoint,
  toolId: 'pdf-to-powerpoint',
  accepted: ['pdflatex-4-pages.pdf'],
});

const meta = {
  title: 'Tools/PdfToPowerpoint',
  component: PdfToPowerpoint,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
