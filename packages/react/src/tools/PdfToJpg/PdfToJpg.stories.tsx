/**
 * PdfToJpg in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfToJpg } from './PdfToJpg';

const stories = toolStories({
  Component: PdfToJpg,
  toolId: 'pdf-to-jpg',
  accepted: ['pdflatex-4-pages.pdf'],
});

const meta = { title: 'Tools/PdfToJpg', component: PdfToJpg, ...stories.meta } satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const ReadySoFar = stories.ReadySoFar;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
