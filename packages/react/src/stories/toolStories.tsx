/**
 * The lifecycle stories every tool shares (idle, selected, converting, complete, failed, and the
 * rejected-file and server-field-error variants), built from the same fixtures and fake transport as
 * the component tests (../fixtures). Play functions drive the UI the way a keyboard
 * user does: the convert button and the confirm dialog are reached by focus, Tab and Enter. Files
 * arrive as a real drop carrying the corpus documents (the OS file dialog cannot be scripted).
 */
import { getTool, type ToolId } from '@docstudio/core';
import type { StoryContext, StoryObj } from '@storybook/react-vite';
import { type ComponentType, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  createFakeTransport,
  exampleResults,
  type FakeAnswer,
  type FixtureName,
  loadFixtures,
} from '../fixtures';
import type { ToolProps, ToolStatus } from '../shell';
import { dropFiles } from '../testing/dom.events';

export interface ToolStoryArgs extends ToolProps {
  /** How the fake server answers the conversion request. */
  answer: FakeAnswer;
}

export interface ToolStoryScenario {
  Component: ComponentType<ToolProps>;
  toolId: ToolId;
  /** The files a valid selection drops (the component tests' `accepted`). */
  accepted: FixtureName[];
  /** Fields typed after the drop, by label (passwords), or instead of it (web-to-pdf's URL). */
  fill?: [label: string, value: string][];
  /** The convert button asks first (redaction): the play function confirms in the dialog. */
  confirms?: boolean;
}

type ToolStory = StoryObj<ToolStoryArgs>;

/** Renders the tool against a fake server created once per mount, so each story starts fresh. */
function ToolWithFakeServer({
  Component,
  answer,
  ...props
}: ToolStoryArgs & { Component: ComponentType<ToolProps> }) {
  const [fake] = useState(() => createFakeTransport(answer));
  return <Component {...props} transport={fake.transport} />;
}

function toolRoot(canvasElement: HTMLElement, toolId: ToolId): HTMLElement {
  const root = canvasElement.querySelector<HTMLElement>(`[data-scope="${toolId}"][data-part="root"]`);
  if (!root) throw new Error(`no ${toolId} root in the story`);
  return root;
}

function part(root: HTMLElement, toolId: ToolId, name: string): HTMLElement {
  const node = root.querySelector<HTMLElement>(`[data-scope="${toolId}"][data-part="${name}"]`);
  if (!node) throw new Error(`no ${name} in ${toolId}`);
  return node;
}

async function expectState(root: HTMLElement, state: ToolStatus): Promise<void> {
  await waitFor(() => expect(root.getAttribute('data-state')).toBe(state), { timeout: 5000 });
}

/** Focuses a field by its label and types into it from the keyboard. */
async function typeInto(root: HTMLElement, label: string, value: string): Promise<void> {
  const field = within(root).getByLabelText(label, { exact: true });
  field.focus();
  await userEvent.keyboard(value);
}

export function toolStories(scenario: ToolStoryScenario) {
  const { Component, toolId } = scenario;
  const tool = getTool(toolId);

  const select = async (canvasElement: HTMLElement) => {
    const root = toolRoot(canvasElement, toolId);
    if (scenario.accepted.length > 0) {
      await dropFiles(part(root, toolId, 'dropzone'), await loadFixtures(...scenario.accepted));
    }
    for (const [label, value] of scenario.fill ?? []) await typeInto(root, label, value);
    await expectState(root, 'selected');
    return root;
  };

  const convert = async (canvasElement: HTMLElement) => {
    const root = await select(canvasElement);
    const button = part(root, toolId, 'convert');
    await expect(button).toBeEnabled();
    button.focus();
    await userEvent.keyboard('{Enter}');
    if (scenario.confirms) {
      const dialog = await within(document.body).findByRole('alertdialog');
      // Cancel has the first focus, so Enter alone never destroys anything: Tab to the confirm button.
      await waitFor(() => expect(dialog.querySelector('[data-part="cancel"]')).toHaveFocus());
      await userEvent.tab();
      await expect(dialog.querySelector('[data-part="confirm"]')).toHaveFocus();
      await userEvent.keyboard('{Enter}');
    }
    return root;
  };

  const renderTool = (args: ToolStoryArgs) => <ToolWithFakeServer Component={Component} {...args} />;

  const meta = {
    render: renderTool,
    args: {
      apiUrl: 'https://api.example.test/v2',
      token: 'story-token',
      answer: { kind: 'success', files: exampleResults[toolId] } as FakeAnswer,
    },
    parameters: { docs: { description: { component: tool.description } } },
  };

  const Idle: ToolStory = {
    play: async ({ canvasElement }: StoryContext<ToolStoryArgs>) => {
      const root = toolRoot(canvasElement, toolId);
      await expect(root).toHaveAttribute('data-state', 'idle');
      await expect(part(root, toolId, 'convert')).toBeDisabled();
    },
  };

  const Selected: ToolStory = {
    play: async ({ canvasElement }) => {
      const root = await select(canvasElement);
      await expect(part(root, toolId, 'convert')).toBeEnabled();
    },
  };

  const Converting: ToolStory = {
    args: { answer: { kind: 'never' } },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'converting');
      await expect(part(root, toolId, 'convert')).toHaveTextContent(tool.texts.busyLabel);
    },
  };

  /** Results the server stores ahead of the others (PDF to JPG's pages), listed while it converts. */
  const ReadySoFar: ToolStory = {
    args: { answer: { kind: 'streaming', files: exampleResults[toolId] } },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'converting');
      await waitFor(() => expect(part(root, toolId, 'ready-results')).toBeVisible());
      const names = [...root.querySelectorAll('[data-part="result-name"]')].map((node) => node.textContent);
      await expect(names).toEqual(exampleResults[toolId].map((file) => file.FileName));
    },
  };

  const Complete: ToolStory = {
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'complete');
      const names = [...root.querySelectorAll('[data-part="result-name"]')].map((node) => node.textContent);
      await expect(names).toEqual(exampleResults[toolId].map((file) => file.FileName));
    },
  };

  const Failed: ToolStory = {
    args: { answer: { kind: 'server-error', message: 'Engine crashed' } },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'failed');
      // The failure stays on the page (not only in the toast) and has the focus.
      const failure = part(root, toolId, 'failure');
      await expect(failure).toHaveTextContent('Engine crashed');
      await waitFor(() => expect(failure).toHaveFocus());
    },
  };

  /** Cancel, reached from the keyboard while the server works: back to the chosen file. */
  const Cancelled: ToolStory = {
    args: { answer: { kind: 'never' } },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'converting');
      part(root, toolId, 'cancel-conversion').focus();
      await userEvent.keyboard('{Enter}');
      await expectState(root, 'selected');
    },
  };

  /** 'Continue with another tool' under the result (the host navigates; here it is only shown). */
  const ContinueWithAnotherTool: ToolStory = {
    args: { onContinue: () => {} },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'complete');
      await expect(within(root).getByRole('combobox', { name: 'Continue with another tool' })).toBeVisible();
    },
  };

  /** A file of the wrong type: the failure toast, and the tool stays idle. */
  const rejectedStory = (file: FixtureName): ToolStory => ({
    play: async ({ canvasElement }) => {
      const root = toolRoot(canvasElement, toolId);
      await dropFiles(part(root, toolId, 'dropzone'), await loadFixtures(file));
      await within(root).findByRole('alert');
      await expect(root).toHaveAttribute('data-state', 'idle');
    },
  });

  /** A 400 with InvalidParameters: the server's message under the field, which is marked invalid. */
  const invalidParametersStory = (fieldName: string): ToolStory => ({
    args: {
      answer: { kind: 'invalid-parameters', fields: { [fieldName]: [`${fieldName} is not valid here`] } },
    },
    play: async ({ canvasElement }) => {
      const root = await convert(canvasElement);
      await expectState(root, 'failed');
      await within(root).findByText(`${fieldName} is not valid here`);
    },
  });

  return {
    meta,
    Idle,
    Selected,
    Converting,
    ReadySoFar,
    Complete,
    Failed,
    Cancelled,
    ContinueWithAnotherTool,
    rejectedStory,
    invalidParametersStory,
  };
}
