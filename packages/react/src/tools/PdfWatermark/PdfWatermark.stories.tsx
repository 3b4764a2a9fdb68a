/**
 * PdfWatermark in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
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
