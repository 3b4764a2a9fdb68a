/**
 * ImagesToPdf in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { ImagesToPdf } from './ImagesToPdf';

const stories = toolStories({
  Component: ImagesToPdf,
  toolId: 'images-to-pdf',
  accepted: ['pil123rgba.png', 'hopper.webp'],
});

const meta = {
  title: 'Tools/ImagesToPdf',
  component: ImagesToPdf,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('crazyones.pdf');
export const InvalidParameters = stories.invalidParametersStory('MarginHorizontal');
