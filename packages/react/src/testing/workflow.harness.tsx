/**
 * Shared steps of the workflow components' tests: a fresh fake studio server per test
 * (fixtures/fake.studio-server.ts: the server's routes in contract shapes, injected as the transport
 * of core's real ConversionClient and WorkflowService), the component rendered against it, and
 * readers for its parts and toasts. Everything in the browser is real.
 */
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { render } from 'vitest-browser-react';
import { createFakeStudioServer, type FakeStudioServer } from '../fixtures';

export type WorkflowScope = 'workflow-list' | 'workflow-builder' | 'workflow-runner';

export interface WorkflowHarness {
  screen: Awaited<ReturnType<typeof render>>;
  root(): HTMLElement;
  part(name: string): HTMLElement | null;
  parts(name: string): HTMLElement[];
  texts(name: string): string[];
  state(): string | null;
  toasts(): { title: string; message: string; variant: string }[];
  toastTitles(): string[];
}

/** The props every workflow component gets in tests: the fake server as its network. */
export const serverProps = (server: FakeStudioServer) => ({
  apiUrl: 'https://api.example.test/v2',
  token: 'test-token',
  transport: server.transport,
});

export async function renderWorkflow(element: ReactElement, scope: WorkflowScope): Promise<WorkflowHarness> {
  const screen = await render(element);
  const root = () => {
    const found = screen.container.querySelector<HTMLElement>(`[data-scope="${scope}"][data-part="root"]`);
    if (!found) throw new Error(`no ${scope} root`);
    return found;
  };
  const parts = (name: string) => [
    ...root().querySelectorAll<HTMLElement>(`[data-scope="${scope}"][data-part="${name}"]`),
  ];
  const toasts = () =>
    parts('toast').map((toast) => ({
      title: toast.querySelector('[data-part="toast-title"]')?.textContent ?? '',
      message: toast.querySelector('[data-part="toast-message"]')?.textContent ?? '',
      variant: toast.getAttribute('data-variant') ?? '',
    }));
  return {
    screen,
    root,
    part: (name) => parts(name)[0] ?? null,
    parts,
    texts: (name) => parts(name).map((node) => node.textContent ?? ''),
    state: () => root().getAttribute('data-state'),
    toasts,
    toastTitles: () => toasts().map((toast) => toast.title),
  };
}

export { createFakeStudioServer, type FakeStudioServer };

/**
 * Waits until the root shows this lifecycle state. Runs are polled on timers, which Chromium may
 * throttle to one a second in a background page (test files run in parallel pages): hence 10 s.
 */
export async function expectState(harness: WorkflowHarness, state: string): Promise<void> {
  await expect.poll(() => harness.state(), { timeout: 10_000 }).toBe(state);
}
