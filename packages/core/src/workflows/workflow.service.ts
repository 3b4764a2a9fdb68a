/**
 * Workflow CRUD against `{apiUrl}/workflows/...` (JSON, bearer). Failures are WorkflowServiceError
 * with the spec's texts: 'Failed to create workflow: {response text}', 'Failed to get workflows: ...'.
 */
import type { TokenSource } from '../api/conversion.client';
import { AbortError, DocstudioError, isAbortError, NetworkError } from '../api/conversion.errors';
import type { FetchLike, HttpTransport } from '../api/http.transport';
import { fromWorkflowDto, toWorkflowRequestBody } from './workflow.mapping';
import { parseWorkflowRuns, type WorkflowRunRecord } from './workflow.runs';
import type { Workflow, WorkflowDraft } from './workflow.types';

export type WorkflowOperation = 'create' | 'get' | 'get-all' | 'update' | 'delete' | 'runs';

const FAILURE_PREFIX: Record<WorkflowOperation, string> = {
  create: 'Failed to create workflow',
  get: 'Failed to get workflow',
  'get-all': 'Failed to get workflows',
  update: 'Failed to update workflow',
  delete: 'Failed to delete workflow',
  runs: 'Failed to get workflow runs',
};

export class WorkflowServiceError extends DocstudioError {
  constructor(
    readonly operation: WorkflowOperation,
    detail: string,
    readonly status: number,
  ) {
    super(`${FAILURE_PREFIX[operation]}: ${detail}`);
    this.name = 'WorkflowServiceError';
  }
}

export interface WorkflowServiceOptions {
  apiUrl: string;
  token?: TokenSource;
  fetch?: FetchLike;
  /**
   * Sends each call through this transport instead of fetch: the same injection point as the
   * ConversionClient's, so one proxy (or test double of the server) serves both.
   */
  transport?: HttpTransport;
}

/** The answer's text for a message: a JSON `Message` when present, else the text, else the status. */
function failureDetail(response: Pick<Response, 'status' | 'statusText'>, text: string): string {
  try {
    const body = JSON.parse(text) as { Message?: unknown; message?: unknown };
    const message = body?.Message ?? body?.message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  } catch {
    // Not JSON: the raw text is the detail.
  }
  const trimmed = text.trim().slice(0, 500);
  return trimmed || response.statusText.trim() || `HTTP ${response.status}`;
}

export class WorkflowService {
  private readonly apiUrl: string;
  private readonly token: TokenSource;
  private readonly fetchImpl: FetchLike;
  private readonly transport: HttpTransport | undefined;

  constructor(options: WorkflowServiceOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.token = options.token;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.transport = options.transport;
  }

  async create(draft: WorkflowDraft, signal?: AbortSignal): Promise<Workflow> {
    const text = await this.call('create', 'POST', 'create', toWorkflowRequestBody(draft), signal);
    return this.readWorkflow('create', text);
  }

  async get(id: string, signal?: AbortSignal): Promise<Workflow> {
    const text = await this.call('get', 'GET', `get/${this.encodeId('get', id)}`, undefined, signal);
    return this.readWorkflow('get', text);
  }

  /** Every stored workflow; entries without an id are skipped rather than failing the whole list. */
  async getAll(signal?: AbortSignal): Promise<Workflow[]> {
    const text = await this.call('get-all', 'GET', 'get-all', undefined, signal);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WorkflowServiceError('get-all', 'the server answer could not be read', 200);
    }
    const list = Array.isArray(body) ? body : Object.values((body ?? {}) as object).find(Array.isArray);
    if (!Array.isArray(list))
      throw new WorkflowServiceError('get-all', 'the server answer is not a list', 200);
    return list.map(fromWorkflowDto).filter((w): w is Workflow => w !== undefined);
  }

  /** PATCH; an empty answer gives the draft as saved under the same id. */
  async update(id: string, draft: WorkflowDraft, signal?: AbortSignal): Promise<Workflow> {
    const path = `update/${this.encodeId('update', id)}`;
    const text = await this.call('update', 'PATCH', path, toWorkflowRequestBody(draft), signal);
    if (text.trim() === '') {
      const body = toWorkflowRequestBody(draft);
      return this.readWorkflow('update', JSON.stringify({ Id: id, Title: body.name, Steps: body.steps }));
    }
    return this.readWorkflow('update', text);
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.call('delete', 'DELETE', `delete/${this.encodeId('delete', id)}`, undefined, signal);
  }

  /**
   * The caller's recent runs of one workflow (`GET workflows/runs?workflowId=`), newest first; null
   * when the server keeps no run history (it answers 404 to the route).
   */
  async listRuns(workflowId: string, signal?: AbortSignal): Promise<WorkflowRunRecord[] | null> {
    const query = `runs?workflowId=${this.encodeId('runs', workflowId)}`;
    let text: string;
    try {
      text = await this.call('runs', 'GET', query, undefined, signal);
    } catch (error) {
      if (error instanceof WorkflowServiceError && error.status === 404) return null;
      throw error;
    }
    const runs = parseWorkflowRuns(text);
    if (!runs) throw new WorkflowServiceError('runs', 'the server answer could not be read', 200);
    return runs.filter((run) => run.workflowId === workflowId || run.workflowId === '');
  }

  private encodeId(operation: WorkflowOperation, id: string): string {
    if (typeof id !== 'string' || id.trim() === '')
      throw new WorkflowServiceError(operation, 'missing workflow id', 0);
    return encodeURIComponent(id.trim());
  }

  private readWorkflow(operation: WorkflowOperation, text: string): Workflow {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WorkflowServiceError(operation, 'the server answer could not be read', 200);
    }
    const workflow = fromWorkflowDto(body);
    if (!workflow) throw new WorkflowServiceError(operation, 'the server answer has no workflow id', 200);
    return workflow;
  }

  private async call(
    operation: WorkflowOperation,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const token = typeof this.token === 'function' ? await this.token() : this.token;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Pick<Response, 'ok' | 'status' | 'statusText'>;
    let text: string;
    const url = `${this.apiUrl}/workflows/${path}`;
    const request = {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    };
    try {
      if (this.transport) {
        const answer = await this.transport({ url, ...request });
        [response, text] = [answer, answer.bodyText];
      } else {
        const fetched = await this.fetchImpl(url, request);
        [response, text] = [fetched, await fetched.text()];
      }
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw new AbortError(undefined, { cause: error });
      throw new NetworkError(`${FAILURE_PREFIX[operation]}: the server could not be reached`, {
        cause: error,
      });
    }
    if (!response.ok)
      throw new WorkflowServiceError(operation, failureDetail(response, text), response.status);
    return text;
  }
}
