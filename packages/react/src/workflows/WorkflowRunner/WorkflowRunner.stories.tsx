/** The workflow runner in each state, in both themes, against the fake studio server. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type FakeStudioServer, loadFixtures } from '../../fixtures';
import { dropFiles } from '../../testing/dom.events';
import {
  expectScreenState,
  pressKey,
  screenRoot,
  storyServerProps,
  WithFakeServer,
} from '../stories/withFakeServer';
import { WorkflowRunner } from './WorkflowRunner';

const meta = {
  title: 'Workflows/WorkflowRunner',
  component: WorkflowRunner,
  // Each story stores its own workflow on its fake server and passes that id.
  args: { workflowId: '' },
  parameters: {
    docs: { description: { component: 'Runs a stored workflow on the server, with per-step progress.' } },
  },
} satisfies Meta<typeof WorkflowRunner>;
export default meta;

type Story = StoryObj<typeof meta>;

const chain = (server: FakeStudioServer) =>
  server.addWorkflow('Office to PDF -> Compress -> Protect', [
    ['office/to/pdf'],
    ['pdf/to/compress'],
    ['pdf/to/protect', { UserPassword: 'kept' }],
  ]);

const runner = (setup: (server: FakeStudioServer) => string, signedIn?: boolean) => (
  <WithFakeServer
    setup={setup}
    render={(server, id) => (
      <WorkflowRunner
        {...storyServerProps(server)}
        workflowId={id}
        pollIntervalMs={20}
        {...(signedIn === undefined ? {} : { signedIn })}
      />
    )}
  />
);

/** Drops the document and presses Run Workflow from the keyboard. */
async function run(canvasElement: HTMLElement): Promise<HTMLElement> {
  const root = screenRoot(canvasElement, 'workflow-runner');
  await expectScreenState(root, 'ready');
  await dropFiles(
    root.querySelector('[data-part="dropzone"]') as HTMLElement,
    await loadFixtures('hdr-header-footer.docx'),
  );
  await pressKey(root.querySelector('[data-part="run"]') as HTMLElement);
  return root;
}

export const Ready: Story = {
  render: () => runner(chain),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-runner');
    await expectScreenState(root, 'ready');
    await expect(root.querySelector('[data-part="accepted-formats"]')).toHaveTextContent('DOCX');
  },
};

export const Running: Story = {
  render: () =>
    runner((server) => {
      server.holdRuns();
      return chain(server);
    }),
  play: async ({ canvasElement }) => {
    const root = await run(canvasElement);
    await expectScreenState(root, 'running');
    await expect(within(root).getByRole('button', { name: 'Running Workflow...' })).toBeDisabled();
  },
};

export const Completed: Story = {
  render: () => runner(chain),
  play: async ({ canvasElement }) => {
    const root = await run(canvasElement);
    await expectScreenState(root, 'complete');
    await expect(within(root).getByRole('button', { name: 'Download Result' })).toBeVisible();
  },
};

export const StepFailed: Story = {
  render: () =>
    runner((server) => {
      const id = chain(server);
      server.addRun({
        RunId: 'job-earlier',
        WorkflowId: id,
        Status: 'failed',
        StartedAt: '2025-03-04T09:00:00.000Z',
        Steps: [
          { Tool: 'office/to/pdf', Status: 'succeeded' },
          { Tool: 'pdf/to/compress', Status: 'failed', Error: 'The file is damaged' },
          { Tool: 'pdf/to/protect', Status: 'pending' },
        ],
      });
      return id;
    }),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-runner');
    await expectScreenState(root, 'failed');
    await expect(within(root).getByText('Step 2 failed: The file is damaged')).toBeVisible();
  },
};

export const WebPage: Story = {
  render: () =>
    runner((server) => server.addWorkflow('Archive a page', [['web/to/pdf'], ['pdf/to/compress']])),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-runner');
    await expectScreenState(root, 'ready');
    await expect(within(root).getByLabelText('Website URL')).toBeVisible();
  },
};

export const Visitor: Story = {
  render: () => runner(chain, false),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-runner');
    await expect(within(root).getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  },
};
