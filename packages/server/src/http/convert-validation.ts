/**
 * Checks a received convert request against its converter before any engine runs: the right inputs
 * are there, each file is non-empty, has an accepted extension and bytes that match it (415), the
 * reserved fields are valid, and the tool parameters pass the converter's and the catalogue's rules.
 */

import { ApiError, ErrorCode, invalidParameters } from '../contract/errors';
import type { Converter, ConverterInputFile } from '../converters/converter.types';
import { activeContentProblem, KEEP_ACTIVE_CONTENT } from '../jobs/active-content';
import { extensionForKind, kindMatchesExtension, sniffFile } from '../security/file-sniff';
import { catalogueParameterProblems } from './catalogue-checks';
import type { ReceivedRequest } from './convert-inputs';

/** Fields the HTTP layer consumes; everything else goes to the converter as a tool parameter. */
const RESERVED = new Set(['StoreFile', 'Timeout', 'Async', 'Url']);

export interface ValidatedConversion {
  files: ConverterInputFile[];
  url?: string;
  params: Record<string, string>;
  timeoutSeconds: number;
  async: boolean;
  storeFile: boolean;
}

const isTrue = (value: string | undefined): boolean => /^(true|1|yes|on)$/i.test(value?.trim() ?? '');

function mergeProblems(
  ...sets: Array<Record<string, string[]> | null | undefined>
): Record<string, string[]> | null {
  const merged: Record<string, string[]> = {};
  for (const set of sets) {
    for (const [name, messages] of Object.entries(set ?? {})) {
      merged[name] = [...new Set([...(merged[name] ?? []), ...messages])];
    }
  }
  return Object.keys(merged).length ? merged : null;
}

export async function validateConversion(
  converter: Converter,
  received: ReceivedRequest,
  defaultTimeoutSeconds: number,
): Promise<ValidatedConversion> {
  const { fields } = received;
  const problems: Record<string, string[]> = {};

  let timeoutSeconds = defaultTimeoutSeconds;
  if (fields.Timeout !== undefined && fields.Timeout.trim() !== '') {
    const value = Number(fields.Timeout);
    if (!Number.isInteger(value) || value < 10 || value > 1200)
      problems.Timeout = ['Timeout must be a whole number of seconds from 10 to 1200.'];
    else timeoutSeconds = value;
  }

  const files = received.files;
  const url = fields.Url?.trim() || undefined;
  if (converter.input === 'url') {
    if (!url) problems.Url = ['Url is required.'];
  } else if (converter.input === 'single-file') {
    if (files.length === 0) problems.File = ['File is required.'];
    else if (files.length > 1) problems.File = ['This tool accepts only one file.'];
  } else {
    const min = converter.minFiles ?? 1;
    if (files.length < min)
      problems.Files = [min === 1 ? 'At least one file is required.' : `At least ${min} files are required.`];
  }
  for (const file of files) {
    if (file.size === 0) problems[file.field] = ['The file is empty.'];
  }

  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (!RESERVED.has(name)) params[name] = value;
  const keepActive = activeContentProblem(params);
  const toolProblems = mergeProblems(
    problems,
    keepActive && { [KEEP_ACTIVE_CONTENT]: keepActive },
    converter.validate(params),
    catalogueParameterProblems(converter.endpoint, params),
  );
  if (toolProblems) throw invalidParameters(toolProblems);

  const inputs: ConverterInputFile[] = [];
  for (const file of files) {
    const kind = await sniffFile(file.path);
    const ext = file.ext || extensionForKind(kind) || '';
    const accepted = converter.accepts.length === 0 || converter.accepts.includes(ext);
    if (!accepted) {
      throw new ApiError(
        415,
        ErrorCode.UnsupportedFileType,
        `File type must be ${converter.accepts.join(', ')} ('${file.fileName}' is not).`,
      );
    }
    if (!kindMatchesExtension(kind, ext)) {
      throw new ApiError(
        415,
        ErrorCode.UnsupportedFileType,
        `'${file.fileName}' is not a valid ${ext.toUpperCase()} file: its content is ${kind}.`,
      );
    }
    const fileName = file.ext ? file.fileName : `${file.fileName}.${ext}`;
    inputs.push({ path: file.path, fileName, ext, size: file.size });
  }

  return {
    files: inputs,
    url,
    params,
    timeoutSeconds,
    async: isTrue(fields.Async),
    storeFile: fields.StoreFile === undefined || fields.StoreFile.trim() === '' || isTrue(fields.StoreFile),
  };
}
