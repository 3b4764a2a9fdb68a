/**
 * The real server the elements tests talk to (started by tests/studio-server.setup.ts): its API base
 * and signed-up users' tokens, and stored workflows made through its HTTP API, as a portal's admin
 * would have made them in the studio.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    studioApiUrl: string;
    studioUserTokens: string[];
  }
}

export const studioApiUrl = (): string => inject('studioApiUrl');

/** A signed-up user's studio token; each test file takes its own index. */
export function userToken(index: number): string {
  const token = inject('studioUserTokens')[index];
  if (!token) throw new Error(`The test server signed up no user number ${index}.`);
  return token;
}

export interface StoredStep {
  order: number;
  endpoint: string;
  parameters: Record<string, string>;
  onError: 'stop';
}

/** POST workflows/create as the user; returns the stored workflow's id. */
export async function storeWorkflow(token: string, name: string, steps: StoredStep[]): Promise<string> {
  const response = await fetch(`${studioApiUrl()}/workflows/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, steps }),
  });
  if (!response.ok) throw new Error(`workflows/create answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { Id: string }).Id;
}

/** GET workflows/get-all as the user: the stored names. */
export async function storedWorkflowNames(token: string): Promise<string[]> {
  const response = await fetch(`${studioApiUrl()}/workflows/get-all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`workflows/get-all answered ${response.status}`);
  return ((await response.json()) as Array<{ Title: string }>).map((workflow) => workflow.Title);
}
