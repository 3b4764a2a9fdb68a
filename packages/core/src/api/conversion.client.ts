/**
 * ConversionClient: the one place that talks to `{apiUrl}/convert/...`, `{apiUrl}/upload`, result
 * downloads and runs of saved workflows on the server. Callers get a ConversionResult or one of the
 * typed errors of conversion.errors.ts.
 */
import type { ToolDefinition } from '../catalogue/catalogue.tools';
import { STREAMED_ANSWER_TYPE } from './conversion.contract';
import {
  AbortError,
  ConversionError,
  ConversionInputError,
  isAbortError,
  NetworkError,
} from './conversion.errors';
import {
  buildConversionForm,
  type ConversionFormInput,
  type ConversionFormOptions,
  type OptionValues,
} from './conversion.form';
import {
  parseConversionAnswer,
  parseErrorAnswer,
  parseJobId,
  parseServerRunAnswer,
  parseStreamedAnswer,
  parseUploadAnswer,
  streamedLines,
} from './conversion.response';
import type {
  ConversionFile,
  ConversionForm,
  ConversionResult,
  ConvertOptions,
  FormValue,
  RequestOptions,
  ServerRunResult,
  UploadedFile,
} from './conversion.types';
import {
  defaultTransport,
  type FetchLike,
  type HttpAnswer,
  type HttpRequest,
  type HttpTransport,
} from './http.transport';
import { encodeMultipart } from './multipart.encoder';
import { type OcrLanguageChoice, parseOcrLanguages } from './ocr-languages';
import { originRefusal } from './origin-refusal';
import { parseRedactionPreview, type RedactionPreview } from './redaction-preview';

const networkError = (file: Pick<ConversionFile, 'fileName'>, cause: unknown): NetworkError =>
  new NetworkError(`Network error: ${file.fileName} could not be downloaded`, { cause });

/** A token, or a function that finds one (stored, or freshly generated). Null sends no Authorization. */
export type TokenSource =
  | string
  | null
  | undefined
  | (() => string | null | undefined | Promise<string | null | undefined>);

export interface ConversionClientOptions {
  /** Base of the API ('/api' on a self-hosted studio, an absolute URL elsewhere). */
  apiUrl: string;
  token?: TokenSource;
  /** Replaces the global fetch (tests, SSR, proxies). When given, fetch is used instead of XHR. */
  fetch?: FetchLike;
  /** Replaces the whole transport (advanced). */
  transport?: HttpTransport;
}

/** How often a server-side workflow run is asked whether it has ended. */
const RUN_POLL_MS = 1000;

const nameOf = (file: Blob): string =>
  typeof (file as File).name === 'string' && (file as File).name ? (file as File).name : 'file';

/** Waits `ms`, or rejects with an AbortError as soon as the signal aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new AbortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Endpoints look like 'office/to/pdf' or 'pdf/merge': path words only, never '..' or a full URL. */
const ENDPOINT_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)+$/i;

export class ConversionClient {
  readonly apiUrl: string;
  private readonly tokenSource: TokenSource;
  private readonly transport: HttpTransport;
  private readonly fetchImpl: FetchLike;

  constructor(options: ConversionClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.tokenSource = options.token;
    this.transport = options.transport ?? defaultTransport(options.fetch);
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * POST one prepared form to `{apiUrl}/convert/{endpoint}`. With `onFile`, the answer is asked for as
   * a stream, and each result stored ahead of the others is handed over as it arrives.
   */
  async convert(form: ConversionForm, options: ConvertOptions = {}): Promise<ConversionResult> {
    if (!ENDPOINT_PATTERN.test(form.endpoint)) throw new ConversionInputError('Invalid endpoint format');
    const { onFile, ...request } = options;
    let read = 0;
    const answer = await this.postForm(
      `/convert/${form.endpoint}`,
      form.fields,
      request,
      onFile && {
        accept: `${STREAMED_ANSWER_TYPE}, application/json`,
        onResponseText: (text) => {
          const { files, next } = streamedLines(text, read);
          read = next;
          for (const { file, index } of files) onFile(file, index);
        },
      },
    );
    // a server streams only when asked: its content type says how the answer came
    return (answer.contentType ?? '').includes(STREAMED_ANSWER_TYPE)
      ? parseStreamedAnswer(answer, answer.bodyText)
      : parseConversionAnswer(answer, answer.bodyText);
  }

  /** Build the form from a catalogue tool and its option values, then convert. */
  convertWithTool(
    tool: ToolDefinition,
    values: OptionValues,
    input: ConversionFormInput,
    options: ConvertOptions & ConversionFormOptions = {},
  ): Promise<ConversionResult> {
    const { endpoint, timeoutSeconds, ...request } = options;
    const formOptions: ConversionFormOptions = {
      ...(endpoint ? { endpoint } : {}),
      ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    };
    return this.convert(buildConversionForm(tool, values, input, formOptions), request);
  }

  /**
   * The redaction dry run: posts the redaction's own form (built from the pdf-redact tool and its
   * values, a File or a FileId) to `{apiUrl}/redact/preview` and answers the boxes it would draw.
   */
  async previewRedaction(
    tool: ToolDefinition,
    values: OptionValues,
    input: ConversionFormInput,
    options: RequestOptions = {},
  ): Promise<RedactionPreview> {
    const answer = await this.postForm(
      '/redact/preview',
      buildConversionForm(tool, values, input).fields,
      options,
    );
    return parseRedactionPreview(answer, answer.bodyText);
  }

  /**
   * The OCR languages the server has installed (`GET {apiUrl}/ocr/languages`), the spec's 27 first.
   * Throws when the server has no such list (the provider's API): the catalogue's 27 then stand.
   */
  async listOcrLanguages(options: { signal?: AbortSignal } = {}): Promise<OcrLanguageChoice[]> {
    const answer = await this.send({
      url: `${this.apiUrl}/ocr/languages`,
      method: 'GET',
      headers: { Accept: 'application/json' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!answer.ok) throw parseErrorAnswer(answer, answer.bodyText);
    return parseOcrLanguages(answer, answer.bodyText);
  }

  /** POSTs multipart fields to `{apiUrl}{path}` and answers the reply, or throws its error answer. */
  private async postForm(
    path: string,
    fields: ConversionForm['fields'],
    options: RequestOptions,
    streamed?: { accept: string; onResponseText: (textSoFar: string) => void },
  ) {
    const { body, contentType } = encodeMultipart(fields);
    const answer = await this.send({
      url: `${this.apiUrl}${path}`,
      method: 'POST',
      headers: {
        ...(await this.authorization()),
        'Content-Type': contentType,
        Accept: streamed?.accept ?? 'application/json',
      },
      body,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
      ...(streamed ? { onResponseText: streamed.onResponseText } : {}),
    });
    if (!answer.ok) throw parseErrorAnswer(answer, answer.bodyText);
    return answer;
  }

  /** POST one file to `{apiUrl}/upload`; its FileId can then be passed as `File` to any conversion. */
  async uploadFile(file: Blob, options: RequestOptions = {}): Promise<UploadedFile> {
    const fileName =
      typeof (file as File).name === 'string' && (file as File).name ? (file as File).name : 'file';
    const { body, contentType } = encodeMultipart([['File', { blob: file, fileName }]]);
    const answer = await this.send({
      url: `${this.apiUrl}/upload`,
      method: 'POST',
      headers: { ...(await this.authorization()), 'Content-Type': contentType, Accept: 'application/json' },
      body,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    });
    if (!answer.ok) throw parseErrorAnswer(answer, answer.bodyText, 'Upload failed');
    return parseUploadAnswer(answer, answer.bodyText);
  }

  /**
   * Runs a saved workflow on the server: `POST {apiUrl}/workflows/run/{id}` with the input (one file
   * as `File`, several as `Files[i]`, or `Url`), then `GET {apiUrl}/job/{JobId}` until the job ends.
   * This is how steps whose passwords the server keeps run. A run stopped by a step throws the job's
   * ConversionError, whose Message is 'Step n failed: …'.
   */
  async runSavedWorkflow(
    workflowId: string,
    input: { files?: readonly Blob[]; url?: string },
    options: RequestOptions & { pollIntervalMs?: number } = {},
  ): Promise<ServerRunResult> {
    const jobId = await this.startSavedWorkflowRun(workflowId, input, options);
    return this.waitForJob(jobId, options);
  }

  /** `POST {apiUrl}/workflows/run/{id}`: starts the run and answers its JobId (202 `{JobId}`). */
  async startSavedWorkflowRun(
    workflowId: string,
    input: { files?: readonly Blob[]; url?: string },
    options: RequestOptions = {},
  ): Promise<string> {
    const files = input.files ?? [];
    const fields: Array<[string, FormValue]> = files.map((file, index) => [
      files.length === 1 ? 'File' : `Files[${index}]`,
      { blob: file, fileName: nameOf(file) },
    ]);
    if (input.url) fields.push(['Url', input.url]);
    const { body, contentType } = encodeMultipart(fields);
    const started = await this.send({
      url: `${this.apiUrl}/workflows/run/${encodeURIComponent(workflowId)}`,
      method: 'POST',
      headers: { ...(await this.authorization()), 'Content-Type': contentType, Accept: 'application/json' },
      body,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    });
    if (!started.ok) throw parseErrorAnswer(started, started.bodyText);
    return parseJobId(started, started.bodyText);
  }

  /**
   * One look at `GET {apiUrl}/job/{JobId}`: null while it runs (202), its answer once it succeeded;
   * a failed (or unknown, 404) job throws its ConversionError.
   */
  async readJob(jobId: string, options: { signal?: AbortSignal } = {}): Promise<ServerRunResult | null> {
    const answer = await this.send({
      url: `${this.apiUrl}/job/${encodeURIComponent(jobId)}`,
      method: 'GET',
      headers: { ...(await this.authorization()), Accept: 'application/json' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (answer.status === 202) return null;
    if (!answer.ok) throw parseErrorAnswer(answer, answer.bodyText);
    return parseServerRunAnswer(answer, answer.bodyText);
  }

  /** Asks `GET {apiUrl}/job/{JobId}` every `pollIntervalMs` until the job ends. */
  async waitForJob(
    jobId: string,
    options: { signal?: AbortSignal; pollIntervalMs?: number } = {},
  ): Promise<ServerRunResult> {
    for (;;) {
      const result = await this.readJob(jobId, options.signal ? { signal: options.signal } : {});
      if (result) return result;
      await pause(options.pollIntervalMs ?? RUN_POLL_MS, options.signal);
    }
  }

  /**
   * Fetch a result file's bytes (the re-upload path of workflow chaining). The bearer token goes
   * only to the API's own origin: a result Url pointing elsewhere must not receive it.
   */
  async downloadFile(
    file: Pick<ConversionFile, 'url' | 'fileName'>,
    options: { signal?: AbortSignal } = {},
  ): Promise<File> {
    const headers = this.sameOriginAsApi(file.url) ? await this.authorization() : {};
    let response: Response;
    let bytes: Blob;
    try {
      response = await this.fetchImpl(file.url, {
        headers,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (!response.ok) {
        throw parseErrorAnswer(response, await response.text().catch(() => ''), 'Download failed');
      }
      bytes = await response.blob();
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) throw new AbortError(undefined, { cause: error });
      if (error instanceof ConversionError) throw error;
      if (this.sameOriginAsApi(file.url)) throw (await this.originRefusal()) ?? networkError(file, error);
      throw networkError(file, error);
    }
    const type = bytes.type || response.headers.get('content-type') || 'application/octet-stream';
    return new File([bytes], file.fileName, { type });
  }

  /**
   * One request through the transport. A network-level failure on an API of another origin may be
   * the server refusing this page's origin (CORS_ORIGINS): then its readable refusal is thrown.
   */
  private async send(request: HttpRequest): Promise<HttpAnswer> {
    try {
      return await this.transport(request);
    } catch (error) {
      if (error instanceof NetworkError) throw (await this.originRefusal()) ?? error;
      throw error;
    }
  }

  /** The server's refusal of this page's origin, if that is why its API cannot be reached. */
  private originRefusal(): Promise<ConversionError | undefined> {
    return originRefusal(`${this.apiUrl}/upload`, this.fetchImpl);
  }

  private async authorization(): Promise<Record<string, string>> {
    const source = this.tokenSource;
    const token = typeof source === 'function' ? await source() : source;
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  private sameOriginAsApi(url: string): boolean {
    try {
      const base = typeof globalThis.location?.href === 'string' ? globalThis.location.href : undefined;
      return new URL(url, base).origin === new URL(this.apiUrl, base).origin;
    } catch {
      return false;
    }
  }
}
