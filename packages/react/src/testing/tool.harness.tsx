/**
 * Shared component-test steps for every tool. The network is the fake transport of
 * fixtures/fake.transport.ts (contract-shaped answers injected into core's ConversionClient);
 * everything else — React, the drop zone, the store, the ticker, the client's form building — is real.
 */
import type { ToolId } from '@docstudio/core';
import type { ComponentType } from 'react';
import { expect } from 'vitest';
import { render } from 'vitest-browser-react';
import {
  createFakeTransport,
  exampleResults,
  type FakeAnswer,
  type FakeTransport,
  type FakeTransportOptions,
  type FixtureName,
  loadFixtures,
} from '../fixtures';
import type { ToolProps } from '../shell';
import { dropFiles } from './dom.events';

export interface ToolHarness {
  screen: Awaited<ReturnType<typeof render>>;
  fake: FakeTransport;
  root: HTMLElement;
  part(name: string): HTMLElement | null;
  parts(name: string): HTMLElement[];
  state(): string | null;
  drop(files: File[]): Promise<void>;
  convertButton(): HTMLButtonElement;
  toasts(): { title: string; message: string; variant: string }[];
  requestFields(index?: number): [string, string][];
}

export async function renderTool(
  Component: ComponentType<ToolProps>,
  toolId: ToolId,
  props: Partial<ToolProps> = {},
  answer: FakeAnswer = { kind: 'never' },
  server: FakeTransportOptions = {},
): Promise<ToolHarness> {
  const fake = createFakeTransport(answer, server);
  const screen = await render(
    <Component
      apiUrl="https://api.example.test/v2"
      token="test-token"
      transport={fake.transport}
      {...props}
    />,
  );
  const root = screen.container.querySelector<HTMLElement>(`[data-scope="${toolId}"][data-part="root"]`);
  if (!root) throw new Error(`no root for ${toolId}`);
  const part = (name: string) =>
    root.querySelector<HTMLElement>(`[data-scope="${toolId}"][data-part="${name}"]`);
  const parts = (name: string) => [
    ...root.querySelectorAll<HTMLElement>(`[data-scope="${toolId}"][data-part="${name}"]`),
  ];
  return {
    screen,
    fake,
    root,
    part,
    parts,
    state: () => root.getAttribute('data-state'),
    async drop(files) {
      const zone = part('dropzone');
      if (!zone) throw new Error('no drop zone');
      await dropFiles(zone, files);
    },
    convertButton: () => part('convert') as HTMLButtonElement,
    toasts: () =>
      parts('toast').map((toast) => ({
        title: toast.querySelector('[data-part="toast-title"]')?.textContent ?? '',
        message: toast.querySelector('[data-part="toast-message"]')?.textContent ?? '',
        variant: toast.getAttribute('data-variant') ?? '',
      })),
    requestFields(index = 0) {
      const request = fake.requests[index];
      if (!request) throw new Error(`no request #${index}`);
      return [...request.fields.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : `file:${value.name}`,
      ]);
    },
  };
}

/** The server answer of a conversion that succeeds with the tool's example result files. */
export function succeeds(toolId: ToolId): FakeAnswer {
  return { kind: 'success', files: exampleResults[toolId] };
}

/** Renders the tool and drops `fixtures` on it: where most tool-specific tests start. */
export async function renderWithFiles(
  Component: ComponentType<ToolProps>,
  toolId: ToolId,
  fixtures: FixtureName[],
  answer: FakeAnswer = { kind: 'never' },
): Promise<ToolHarness> {
  const harness = await renderTool(Component, toolId, {}, answer);
  await harness.drop(await loadFixtures(...fixtures));
  return harness;
}

/** Clicks the convert button and waits for the state the conversion ends in. */
export async function convertUntil(harness: ToolHarness, state: 'complete' | 'failed'): Promise<void> {
  harness.convertButton().click();
  await expectState(harness, state);
}

/** Waits until the root shows the given lifecycle state. */
export async function expectState(harness: ToolHarness, state: string): Promise<void> {
  await expect.poll(() => harness.state()).toBe(state);
}

/** The progress bar's announced value. */
export function progressValue(harness: ToolHarness): number | null {
  const bar = harness.root.querySelector('[role="progressbar"]');
  return bar ? Number(bar.getAttribute('aria-valuenow')) : null;
}

/** Types into the field labelled `label` (real keyboard input through the browser). */
export async function fillField(harness: ToolHarness, label: string, value: string): Promise<void> {
  await harness.screen.getByLabelText(label, { exact: true }).fill(value);
}

/** The message shown under the option `name`, if any. */
export function fieldError(harness: ToolHarness, name: string): string | null {
  return (
    harness.root.querySelector(`[data-part="option"][data-option="${name}"] [data-part="field-error"]`)
      ?.textContent ?? null
  );
}

/**
 * Waits (on real setTimeout) until `read()` returns `expected`. Unlike expect.poll, it never advances
 * fake timers, so a cadence test controls every tick of the progress ticker itself.
 */
export async function settle<T>(read: () => T, expected: T, timeoutMs = 2000): Promise<void> {
  const started = performance.now();
  let last = read();
  while (!Object.is(last, expected) && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = read();
  }
  expect(last).toBe(expected);
}
