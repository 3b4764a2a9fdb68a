/** The workflow builder creating and editing, in both themes, against the fake studio server. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  expectScreenState,
  pressKey,
  screenRoot,
  storyServerProps,
  WithFakeServer,
} from '../stories/withFakeServer';
import { WorkflowBuilder } from './WorkflowBuilder';

const meta = {
  title: 'Workflows/WorkflowBuilder',
  component: WorkflowBuilder,
  parameters: {
    docs: {
      description: {
        component: 'Create or edit a workflow: name, steps by format compatibility, JSON view.',
      },
    },
  },
} satisfies Meta<typeof WorkflowBuilder>;
export default meta;

type Story = StoryObj<typeof meta>;

const creating = (
  <WithFakeServer setup={() => ''} render={(server) => <WorkflowBuilder {...storyServerProps(server)} />} />
);

/**
 * Picks a tool. testing-library's keyboard does not drive a native select's own list, so the play
 * function chooses the option directly (the component tests pick it by real keyboard).
 */
async function pickTool(root: HTMLElement, name: string): Promise<void> {
  const select = root.querySelector<HTMLSelectElement>('[data-part="tool-select"]') as HTMLSelectElement;
  await userEvent.selectOptions(select, within(select).getByRole('option', { name }));
  await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe(name));
}

export const Create: Story = {
  render: () => creating,
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-builder');
    await expectScreenState(root, 'editing');
    await expect(within(root).getByText('No steps added yet')).toBeVisible();
  },
};

export const WithSteps: Story = {
  render: () => creating,
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-builder');
    within(root).getByLabelText('Workflow Name').focus();
    await userEvent.keyboard('Invoices');
    await pickTool(root, 'Office to PDF');
    await pressKey(within(root).getByRole('button', { name: 'Add step' }));
    await pickTool(root, 'Protect PDF');
    within(root).getByLabelText('User password', { exact: true }).focus();
    await userEvent.keyboard('s3cret');
    await pressKey(within(root).getByRole('button', { name: 'Add step' }));
    await waitFor(() => expect(root.querySelectorAll('[data-part="step"]')).toHaveLength(2));
  },
};

export const ValidationErrors: Story = {
  render: () => creating,
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-builder');
    await pressKey(within(root).getByRole('button', { name: 'Create Workflow' }));
    await waitFor(() =>
      expect(root.querySelector('[data-part="validation-errors"]')).toHaveTextContent(
        'Workflow name is required',
      ),
    );
  },
};

export const Edit: Story = {
  render: () => (
    <WithFakeServer
      setup={(server) =>
        server.addWorkflow('Secure flow', [
          ['pdf/to/compress', { Preset: 'ebook' }],
          ['pdf/to/protect', { UserPassword: 'kept' }],
        ])
      }
      render={(server, id) => <WorkflowBuilder {...storyServerProps(server)} workflowId={id} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-builder');
    await expectScreenState(root, 'editing');
    await expect(within(root).getByRole('button', { name: 'Update Workflow' })).toBeEnabled();
  },
};

export const Visitor: Story = {
  render: () => (
    <WithFakeServer
      setup={() => ''}
      render={(server) => <WorkflowBuilder {...storyServerProps(server)} signedIn={false} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const root = screenRoot(canvasElement, 'workflow-builder');
    await expect(within(root).getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  },
};
