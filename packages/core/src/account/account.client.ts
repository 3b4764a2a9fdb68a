/**
 * The account area's calls against `{apiUrl}/account…` (JSON, bearer: the signed-in user's own
 * token; the server refuses anonymous tokens and API keys here). Failures are AccountError with the
 * server's Message, its Code and the per-field messages of a 400.
 */
import type { TokenSource } from '../api/conversion.client';
import { DocstudioError } from '../api/conversion.errors';
import type { FetchLike } from '../api/http.transport';
import type { AccountInfo, ApiKeyInfo, CreatedApiKey } from './account.types';

export class AccountError extends DocstudioError {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly invalidParameters: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'AccountError';
  }

  /** The token is missing, expired, revoked or not a signed-in user's: the visitor's view applies. */
  get signedOut(): boolean {
    return this.status === 401;
  }
}

export interface AccountClientOptions {
  apiUrl: string;
  token?: TokenSource;
  fetch?: FetchLike;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const toKey = (body: Json): ApiKeyInfo => ({
  id: text(body.Id),
  name: text(body.Name),
  prefix: text(body.Prefix),
  createdAt: text(body.CreatedAt),
  lastUsedAt: typeof body.LastUsedAt === 'string' ? body.LastUsedAt : null,
});

export class AccountClient {
  private readonly apiUrl: string;
  private readonly fetchImpl: FetchLike;

  constructor(private readonly options: AccountClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async account(signal?: AbortSignal): Promise<AccountInfo> {
    const body = await this.call('GET', 'account', undefined, signal);
    return { id: text(body.Id), email: text(body.Email), createdAt: text(body.CreatedAt) };
  }

  async listKeys(signal?: AbortSignal): Promise<ApiKeyInfo[]> {
    const body = await this.call('GET', 'account/keys', undefined, signal);
    return Array.isArray(body.Keys) ? (body.Keys as Json[]).map(toKey) : [];
  }

  async createKey(name: string): Promise<CreatedApiKey> {
    const body = await this.call('POST', 'account/keys', { Name: name });
    return { ...toKey(body), key: text(body.Key) };
  }

  async revokeKey(id: string): Promise<void> {
    await this.call('DELETE', `account/keys/${encodeURIComponent(id)}`);
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.call('POST', 'account/password', {
      CurrentPassword: currentPassword,
      NewPassword: newPassword,
    });
  }

  /** Deletes the account with its files, workflows and keys; its tokens stop working. */
  async deleteAccount(): Promise<void> {
    await this.call('DELETE', 'account');
  }

  private async call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Json> {
    const source = this.options.token;
    const token = typeof source === 'function' ? await source() : source;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.apiUrl}/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AccountError('The server could not be reached. Please try again.', 0);
    }
    const answer = await response.text();
    let parsed: Json = {};
    try {
      parsed = answer ? (JSON.parse(answer) as Json) : {};
    } catch {
      // Not JSON (a proxy's error page): the status speaks for it below.
    }
    if (!response.ok) {
      const message = text(parsed.Message) || `The server answered ${response.status}.`;
      const fields = (parsed.InvalidParameters ?? {}) as Record<string, string[]>;
      throw new AccountError(message, response.status, Number(parsed.Code) || undefined, fields);
    }
    return parsed;
  }
}
