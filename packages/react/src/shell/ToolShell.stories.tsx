/**
 * The shared tool shell with every extension point filled (intro notice, side card, notes) in each
 * lifecycle state, and with a partner theme from createStudioTheme overriding the toolbar's theme.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ToolStoryArgs, toolStories } from '../stories/toolStories';
import { createStudioTheme } from '../theme';
import { FeatureList, Notice, SideCard, ToolNote } from './ShellParts';
import { type ToolProps, ToolShell } from './ToolShell';

function ShellWithEveryPart(props: ToolProps) {
  return (
    <ToolShell
      toolId="pdf-compress"
      {...props}
      intro={
        <Notice title="Scanned documents">
          Compression keeps text searchable; images are resampled to the preset.
        </Notice>
      }
      aside={
        <SideCard title="Features" part="features">
          <FeatureList
            items={['Three presets', 'Keeps bookmarks and links', 'Files removed after an hour']}
          />
        </SideCard>
      }
      notes={<ToolNote>Very large scans may take a minute.</ToolNote>}
    />
  );
}

const stories = toolStories({
  Component: ShellWithEveryPart,
  toolId: 'pdf-compress',
  accepted: ['pdflatex-4-pages.pdf'],
});

const meta = {
  title: 'Shell/ToolShell',
  component: ShellWithEveryPart,
  ...stories.meta,
} satisfies Meta<ToolStoryArgs>;
export default meta;

export const Idle = stories.Idle;
export const Selected = stories.Selected;
export const Converting = stories.Converting;
export const Complete = stories.Complete;
export const Failed = stories.Failed;
export const Cancelled = stories.Cancelled;
export const ContinueWithAnotherTool = stories.ContinueWithAnotherTool;

/** A result handed over from another tool: chosen from the start, sent by its FileId. */
export const HandedOver: StoryObj<ToolStoryArgs> = {
  args: {
    initialFiles: [
      {
        fileName: 'crazyones-compressed.pdf',
        fileSize: 5_243,
        fileExt: 'pdf',
        fileId: 'example-file-id-0001',
        url: 'https://files.example.test/d/example-file-id-0001/crazyones-compressed.pdf',
      },
    ],
  },
};

/** A partner's brand colour through createStudioTheme: the component's own theme prop wins over the provider's. */
export const PartnerTheme: StoryObj<ToolStoryArgs> = {
  ...stories.Complete,
  args: { theme: createStudioTheme({ color: { primary: '#6d28d9' } }) },
};
