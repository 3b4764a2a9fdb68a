/**
 * PdfToPdfa in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfToPdfa } from './PdfToPdfa';

const stories = toolStories({
  Component: PdfToPdfa,
  toolId: 'pdf-to-pdfa',
  accepted: ['crazyones.pdf'],
});

const meta = {
  title: 'Tools/PdfToPdfa',
  component: PdfToPdfa,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('hdr-header-footer.docx');
export const InvalidParameters = stories.invalidParametersStory('PdfaVersion');
