/**
 * One conversion of one tool instance: checks the input, drives the simulated progress with the
 * tool's cadence, calls the ConversionClient and records the outcome with the catalogue's texts.
 * Plain TypeScript over the store, so the React layer only wires buttons to it.
 */
import {
  type ConversionClient,
  ConversionError,
  type ConversionFile,
  checkFileCount,
  createProgressTicker,
  isAbortError,
  type OptionDefinition,
  type ToolDefinition,
} from '@docstudio/core';
import type { FieldValue } from '../primitives';
import type { StudioMessages } from '../provider';
import { checkOption, checkUrl, type InputProblem, visibleOptions } from './option.rules';
import type { ToolStore } from './tool.store';

/** What a tool adds to the request: its values as sent and, for OCR, the endpoint. */
export interface PreparedRequest {
  values: Record<string, FieldValue>;
  endpoint?: string;
}

export interface ConversionHooks {
  /** Tool-specific checks and value mapping (split modes, watermark size, OCR output format). */
  prepare?: (
    values: Record<string, FieldValue>,
    ui: Record<string, string>,
  ) => PreparedRequest | InputProblem;
  onComplete?: (detail: { files: ConversionFile[] }) => void;
  onError?: (detail: { error: Error }) => void;
}

export interface ConversionContext {
  tool: ToolDefinition;
  options: readonly OptionDefinition[];
  messages: StudioMessages;
  store: ToolStore;
  client: ConversionClient;
  signal: AbortSignal;
  hooks: ConversionHooks;
}

export function isProblem(value: PreparedRequest | InputProblem): value is InputProblem {
  return 'title' in value;
}

/** Input checks at convert time: files (count), URL, then each shown option (required, range). */
export function checkInput(
  context: Pick<ConversionContext, 'tool' | 'options' | 'messages' | 'store'>,
): InputProblem | null {
  const { tool, options, messages, store } = context;
  const state = store.getState();
  if (tool.input === 'url') {
    const problem = checkUrl(state.url, tool, messages);
    if (problem) return problem;
  } else {
    const problem = checkFileCount(tool, state.files.length);
    if (problem) return { title: problem.title, message: problem.message };
  }
  for (const option of visibleOptions(options, state.values)) {
    const problem = checkOption(option, state.values[option.name] ?? option.default, messages);
    if (problem) return { ...problem, field: option.name };
  }
  return null;
}

/** First message per parameter, as the spec shows them under the matching fields. */
function firstMessages(fieldErrors: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [name, list] of Object.entries(fieldErrors)) {
    if (list[0]) first[name] = list[0];
  }
  return first;
}

function reportProblem(store: ToolStore, problem: InputProblem): void {
  const actions = store.getState();
  actions.pushToast('failure', problem.title, problem.message);
  if (problem.field) actions.setFieldErrors({ ...actions.fieldErrors, [problem.field]: problem.message });
}

/** Runs one conversion; resolves when it has completed, failed or been aborted. */
export async function runConversion(context: ConversionContext): Promise<void> {
  const { tool, store, client, signal, hooks, messages } = context;
  const actions = store.getState();
  if (actions.status === 'converting') return;

  const problem = checkInput(context);
  if (problem) {
    reportProblem(store, problem);
    return;
  }
  // Options the page does not show (shownWhen not met, workflow-only) are not sent: null, not the default.
  const shown = new Set(visibleOptions(context.options, actions.values).map((option) => option.name));
  const values: Record<string, FieldValue> = { ...actions.values };
  for (const option of context.options) if (!shown.has(option.name)) values[option.name] = null;
  const prepared = hooks.prepare ? hooks.prepare(values, actions.ui) : { values };
  if (isProblem(prepared)) {
    reportProblem(store, prepared);
    return;
  }

  actions.startConverting();
  const ticker = createProgressTicker(tool.progress, (percent: number) =>
    store.getState().setProgress(percent),
  );
  ticker.start();
  try {
    const state = store.getState();
    const result = await client.convertWithTool(
      tool,
      prepared.values,
      tool.input === 'url'
        ? { url: state.url.trim() }
        : // A handed-over result goes as its FileId: the server already holds it, nothing is uploaded.
          {
            files: state.files.map((entry) => (entry.stored ? { fileId: entry.stored.fileId } : entry.file)),
          },
      {
        signal,
        ...(prepared.endpoint ? { endpoint: prepared.endpoint } : {}),
        // Real upload progress (XHR) while the body goes out; the simulated cadence covers the server's work.
        onUploadProgress: ({ percent }) => store.getState().setUploadProgress(percent < 100 ? percent : null),
        // Results the server stores ahead of the others (PDF to JPG's pages) are listed as they come.
        onFile: (file, index) => store.getState().addReadyResult(file, index),
      },
    );
    ticker.complete();
    if (signal.aborted) return;
    store.getState().complete(result.files);
    store.getState().pushToast('success', tool.texts.successTitle, tool.texts.successMessage);
    hooks.onComplete?.({ files: result.files });
  } catch (error) {
    ticker.stop();
    if (signal.aborted || isAbortError(error)) return;
    const fieldErrors = error instanceof ConversionError ? firstMessages(error.fieldErrors) : {};
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    const message = error instanceof Error && error.message ? error.message : tool.texts.failureFallback;
    store.getState().fail(message, fieldErrors);
    if (hasFieldErrors) {
      // People read the field's label, never the API's parameter name.
      const labelOf = (name: string) =>
        context.options.find((option) => option.name === name)?.label ?? messages.otherSetting;
      const summary = Object.entries(fieldErrors)
        .map(([name, text]) => `${labelOf(name)}: ${text}`)
        .join('; ');
      store.getState().pushToast('destructive', messages.parameterValidationError, summary);
    } else {
      store.getState().pushToast('destructive', tool.texts.failureTitle, message);
    }
    hooks.onError?.({ error: error instanceof Error ? error : new Error(tool.texts.failureFallback) });
  }
}
