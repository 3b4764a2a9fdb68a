/** The workflow list in each state, in both themes (toolbar 'Theme'), against the fake studio server. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  expectScreenState,
  pressKey,
  screenRoot,
  storyServerProps,
  WithFakeServer,
} from '../stories/withFakeServer';
import { WorkflowList } from './WorkflowList';

const meta = {
  title: 'Workflows/WorkflowList',
  component: WorkflowList,
  parameters: {
    docs: {
      description: {
        component: "The signed-in user's workflows: run, edit, delete; a blurred sample for visitors.",
      },
    },
  },
} satisfies Meta<typeof WorkflowList>;
export default meta;

type Story = StoryObj<typeof meta>;

const seeded = (
  <WithFakeServer
    setup={(server) => {
      server.addWorkflow('Invoice Processing', [['office/to/pdf'], ['pdf/to/compress'], ['pdf/to/protect']]);
      return server.addWorkflow('Scanned archive', [['pdf/to/ocr'], ['pdf/to/pdfa']]);
    }}
    render={(server) => <WorkflowList {...storyServerProps(server)} />}
  />
);

export const Populated: Story = {
  render: () => seeded,
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-list');
    await expectScreenState(root, 'ready');
    await expect(within(root).getByText('2 of 2')).toBeVisible();
  },
};

export const Loading: Story = {
  render: () => (
    <WithFakeServer
      setup={(server) => {
        server.holdNext('/workflows/get-all');
        return '';
      }}
      render={(server) => <WorkflowList {...storyServerProps(server)} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-list');
    await expect(within(root).getByRole('status')).toHaveTextContent('Loading workflows...');
  },
};

export const Empty: Story = {
  render: () => (
    <WithFakeServer setup={() => ''} render={(server) => <WorkflowList {...storyServerProps(server)} />} />
  ),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-list');
    await expectScreenState(root, 'empty');
    await expect(within(root).getByText('No workflows created yet')).toBeVisible();
  },
};

export const ConfirmDelete: Story = {
  render: () => seeded,
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-list');
    await expectScreenState(root, 'ready');
    await pressKey(within(root).getByRole('button', { name: 'Delete Scanned archive' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Are you sure?');
  },
};

export const Visitor: Story = {
  render: () => (
    <WithFakeServer
      setup={() => ''}
      render={(server) => <WorkflowList {...storyServerProps(server)} signedIn={false} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-list');
    await expectScreenState(root, 'visitor');
    await expect(within(root).getByRole('heading', { name: 'Sign In to Access Workflows' })).toBeVisible();
  },
};
