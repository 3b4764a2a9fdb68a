/**
 * Story scaffolding for the workflow screens: each story mounts its component against a fresh fake
 * studio server (the same one the component tests use), prepared by the story's `setup`.
 */
import { type ReactElement, useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { createFakeStudioServer, type FakeStudioServer } from '../../fixtures';

export const storyServerProps = (server: FakeStudioServer) => ({
  apiUrl: 'https://api.example.test/v2',
  token: 'story-token',
  transport: server.transport,
});

/** Renders `render(server, id)` on a server that `setup` prepared once for this mount. */
export function WithFakeServer({
  setup,
  render,
}: {
  setup: (server: FakeStudioServer) => string;
  render: (server: FakeStudioServer, id: string) => ReactElement;
}) {
  const [prepared] = useState(() => {
    const server = createFakeStudioServer();
    return { server, id: setup(server) };
  });
  return render(prepared.server, prepared.id);
}

/** The root of a workflow screen in the story's canvas. */
export function screenRoot(canvasElement: HTMLElement, scope: string): HTMLElement {
  const root = canvasElement.querySelector<HTMLElement>(`[data-scope="${scope}"][data-part="root"]`);
  if (!root) throw new Error(`no ${scope} in the story`);
  return root;
}

export async function expectScreenState(root: HTMLElement, state: string): Promise<void> {
  await waitFor(() => expect(root.getAttribute('data-state')).toBe(state), { timeout: 5000 });
}

/** Presses a control from the keyboard: focus, then Enter. */
export async function pressKey(control: HTMLElement): Promise<void> {
  control.focus();
  await userEvent.keyboard('{Enter}');
}
