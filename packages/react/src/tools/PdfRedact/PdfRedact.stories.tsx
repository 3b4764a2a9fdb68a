/**
 * PdfRedact in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { PdfRedact } from './PdfRedact';

const stories = toolStories({
  Component: PdfRedact,
  toolId: 'pdf-redact',
  accepted: ['crazyones.pdf'],
  confirms: true,
});

const meta = {
  title: 'Tools/PdfRedact',
  component: PdfRedact,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('pil123rgba.png');
export const InvalidParameters = stories.invalidParametersStory('Preset');
