/**
 * HtmlToPdf in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { HtmlToPdf } from './HtmlToPdf';

const stories = toolStories({
  Component: HtmlToPdf,
  toolId: 'html-to-pdf',
  accepted: ['habibi.html'],
});

const meta = {
  title: 'Tools/HtmlToPdf',
  component: HtmlToPdf,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Rejected = stories.rejectedStory('crazyones.pdf');
