/**
 * Running one workflow step: building its form from the catalogue (or raw for an unknown endpoint),
 * feeding it the previous step's outputs, and turning failures into the spec's run messages.
 */
import type { ConversionClient } from '../api/conversion.client';
import { ConversionError } from '../api/conversion.errors';
import { buildConversionForm } from '../api/conversion.form';
import { statusLabel } from '../api/conversion.response';
import type { ConversionFile, ConversionForm, ConversionInput, FormValue } from '../api/conversion.types';
import { findToolByEndpoint } from '../catalogue';
import { stepInputKind } from './workflow.input';
import type { WorkflowStep } from './workflow.types';

/** How a later step receives the previous outputs. */
export type ChainingMode = 'reference' | 'reupload' | 'auto';

export interface StepContext {
  client: ConversionClient;
  signal?: AbortSignal;
  chaining: ChainingMode;
  logger: Pick<Console, 'warn'>;
}

/** 'Parameter validation error - {param}: {reasons}; ...', the server Message, or 'Step failed: {status text}'. */
export function stepFailureReason(error: unknown): string {
  if (error instanceof ConversionError) {
    const fields = Object.entries(error.fieldErrors);
    if (error.status === 400 && fields.length > 0) {
      return `Parameter validation error - ${fields.map(([name, reasons]) => `${name}: ${reasons.join(', ')}`).join('; ')}`;
    }
    return error.serverMessage ?? `Step failed: ${statusLabel(error)}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

function rawForm(
  step: WorkflowStep,
  files: readonly ConversionInput[],
  url: string | undefined,
): ConversionForm {
  const fields: Array<[string, FormValue]> = [];
  const first = files[0];
  if (first instanceof Blob) fields.push(['File', { blob: first, fileName: (first as File).name || 'file' }]);
  else if (first) fields.push(['File', first.fileId || first.url || '']);
  else if (url) fields.push(['Url', url]);
  for (const [name, value] of Object.entries(step.parameters))
    if (value.trim() !== '') fields.push([name, value]);
  fields.push(['StoreFile', 'true']);
  return { endpoint: step.endpoint, fields };
}

function formFor(
  step: WorkflowStep,
  files: readonly ConversionInput[],
  url: string | undefined,
): ConversionForm {
  const tool = findToolByEndpoint(step.endpoint);
  if (!tool) return rawForm(step, files, url);
  return buildConversionForm(
    tool,
    step.parameters,
    { files, ...(url ? { url } : {}) },
    { endpoint: step.endpoint },
  );
}

/** A failure that says the server did not take a FileId/Url as `File`: worth retrying with the bytes. */
function referenceRefused(error: unknown): boolean {
  if (!(error instanceof ConversionError)) return false;
  if (error.code === 5007 || error.code === 5009) return true;
  if (error.status === 404 || error.status === 415) return true;
  return Object.keys(error.fieldErrors).some((name) => /^Files?(\[\d+\])?$/.test(name));
}

async function download(context: StepContext, files: readonly ConversionFile[]): Promise<File[]> {
  return Promise.all(
    files.map((file) => context.client.downloadFile(file, context.signal ? { signal: context.signal } : {})),
  );
}

/** One conversion call with the chaining mode applied to stored inputs. */
async function convertOnce(
  context: StepContext,
  step: WorkflowStep,
  inputs: readonly (File | ConversionFile)[],
  url: string | undefined,
): Promise<ConversionFile[]> {
  const options = context.signal ? { signal: context.signal } : {};
  const stored = inputs.filter((i): i is ConversionFile => !(i instanceof Blob));
  if (stored.length === 0 || context.chaining === 'reupload') {
    const files = stored.length === 0 ? (inputs as File[]) : await download(context, stored);
    return (await context.client.convert(formFor(step, files, url), options)).files;
  }
  try {
    const byReference = formFor(step, inputs as readonly ConversionInput[], url);
    return (await context.client.convert(byReference, options)).files;
  } catch (error) {
    if (context.chaining !== 'auto' || !referenceRefused(error)) throw error;
    const files = await download(context, stored);
    return (await context.client.convert(formFor(step, files, url), options)).files;
  }
}

/**
 * Run one step on its inputs. A single-file step given several files (after a split, say) runs once
 * per file and gathers all outputs, so every page of a split gets compressed, not just the first.
 */
export async function runStep(
  context: StepContext,
  step: WorkflowStep,
  inputs: readonly (File | ConversionFile)[],
  url: string | undefined,
): Promise<ConversionFile[]> {
  const kind = stepInputKind(step.endpoint, context.logger);
  if (kind === 'url') return convertOnce(context, step, [], url);
  if (kind === 'multi-file' || inputs.length <= 1) return convertOnce(context, step, inputs, undefined);
  const outputs: ConversionFile[] = [];
  for (const input of inputs) outputs.push(...(await convertOnce(context, step, [input], undefined)));
  return outputs;
}
