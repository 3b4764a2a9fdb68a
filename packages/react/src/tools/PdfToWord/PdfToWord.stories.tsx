/**
 * PdfToWord in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfToWord } from './PdfToWord';

const stories = toolStories({
  Component: PdfToWord,
  toolId: 'pdf-to-word',
  accepted: ['crazyones.pdf'],
});

const meta = {
  title: 'Tools/PdfToWord',
  component: PdfToWord,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('hdr-header-footer.docx');
