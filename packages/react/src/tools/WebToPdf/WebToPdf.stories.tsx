/**
 * WebToPdf in each lifecycle state, in both themes (toolbar 'Theme'), on the component tests' fixtures.
 */
import type { Meta } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../../stories/toolStories';
import { WebToPdf } from './WebToPdf';

const stories = toolStories({
  Component: WebToPdf,
  toolId: 'web-to-pdf',
  accepted: [],
  fill: [['Website URL', 'https://example.com/pricing']],
});

const meta = { title: 'Tools/WebToPdf', component: WebToPdf, ...stories.meta } satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
