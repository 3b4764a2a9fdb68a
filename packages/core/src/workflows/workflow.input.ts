/**
 * The run screen's input: which kind of input a step takes, which file types the first step accepts,
 * drops (replace or append) and the check before Run (spec part 2 section 5, Workflow run).
 */
import { findToolByEndpoint } from '../catalogue';
import type { ToolDefinition } from '../catalogue/catalogue.tools';
import type { InputKind } from '../catalogue/catalogue.types';
import { fileExtension, inferMimeType, isIgnoredFileName, normalizeMimeType } from '../files';
import { normaliseFormat } from './workflow.compatibility';

export const RUN_MESSAGES = {
  urlRequired: 'Please enter a URL',
  atLeastOneFile: 'Please upload at least one file',
  atLeastTwoPdfs: 'Please upload at least 2 PDF files to merge',
  fileRequired: 'Please upload a file',
  onlyOneFile: 'This tool accepts only one file',
  unsupported: (formats: string) => `File type not supported. This tool accepts: ${formats}`,
  replaced: '1 file uploaded (replaced previous selection)',
  uploaded: (count: number) => `${count} file(s) uploaded`,
} as const;

/**
 * How a step endpoint takes its input, from the catalogue (images/to/pdf and pdf/merge = pdf/to/merge
 * are the multi-file ones). An unknown endpoint falls back to a single `File` with a console warning.
 */
export function stepInputKind(endpoint: string, logger: Pick<Console, 'warn'> = console): InputKind {
  const tool = findToolByEndpoint(endpoint);
  if (tool) return tool.input;
  logger.warn(`docstudio: unknown workflow endpoint "${endpoint}", sending its input as a single File`);
  return 'single-file';
}

/** Format families the run screen accepts as a whole when a tool takes any member. */
const FAMILIES: readonly (readonly string[])[] = [
  ['doc', 'docx'],
  ['xls', 'xlsx'],
  ['ppt', 'pptx'],
  ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tiff', 'webp'],
  ['html', 'htm'],
];

/** Lower-case extensions the first tool accepts, its own formats plus their families. */
export function acceptedRunExtensions(tool: Pick<ToolDefinition, 'inputFormats'>): string[] {
  const accepted = new Set<string>();
  for (const raw of tool.inputFormats) {
    const format = raw.trim().toLowerCase().replace(/^\./, '');
    if (!format || format === 'url') continue;
    accepted.add(format);
    if (format === 'tiff' || format === 'tif') accepted.add('tif');
    for (const family of FAMILIES) {
      if (family.some((member) => normaliseFormat(member) === normaliseFormat(format))) {
        for (const member of family) accepted.add(member);
      }
    }
  }
  return [...accepted];
}

/** The list shown to users: upper case, comma separated ('DOC, DOCX'). */
export const acceptedRunFormatsLabel = (tool: Pick<ToolDefinition, 'inputFormats'>): string =>
  acceptedRunExtensions(tool)
    .map((e) => e.toUpperCase())
    .join(', ');

/**
 * Accepted when the extension, or the MIME type, is one the first tool takes. MIME facts come from
 * the files module's table; the browser's type wins when the name has no extension.
 */
export function isRunFileAccepted(
  tool: Pick<ToolDefinition, 'inputFormats'>,
  file: Pick<File, 'name' | 'type'>,
): boolean {
  const accepted = acceptedRunExtensions(tool);
  if (accepted.includes(fileExtension(file.name).toLowerCase())) return true;
  const type = normalizeMimeType(file.type ?? '');
  return (
    type !== '' &&
    type !== 'application/octet-stream' &&
    accepted.some((ext) => inferMimeType(`f.${ext}`) === type)
  );
}

export interface RunDropResult {
  files: File[];
  /** Success text ('N file(s) uploaded'); absent when nothing was added. */
  message?: string;
  /** Rejection text, shown as an error toast. */
  error?: string;
}

/** Single-file tools replace the selection with the first accepted file; multi-file tools append. */
export function addRunFiles(
  first: ToolDefinition,
  current: readonly File[],
  dropped: readonly File[],
): RunDropResult {
  // .DS_Store and Thumbs.db are dropped silently, as on the tool pages.
  const candidates = dropped.filter((file) => !isIgnoredFileName(file.name));
  const accepted = candidates.filter((file) => isRunFileAccepted(first, file));
  const error =
    accepted.length < candidates.length
      ? RUN_MESSAGES.unsupported(acceptedRunFormatsLabel(first))
      : undefined;
  if (accepted.length === 0) return { files: [...current], ...(error ? { error } : {}) };
  if (first.input === 'multi-file') {
    return {
      files: [...current, ...accepted],
      message: RUN_MESSAGES.uploaded(accepted.length),
      ...(error ? { error } : {}),
    };
  }
  const tooMany = accepted.length > 1 ? RUN_MESSAGES.onlyOneFile : undefined;
  return {
    files: [accepted[0] as File],
    message: current.length > 0 ? RUN_MESSAGES.replaced : RUN_MESSAGES.uploaded(1),
    ...(error || tooMany ? { error: error ?? tooMany } : {}),
  };
}

/** The check before Run: the first message that blocks, or null. */
export function validateRunInput(
  firstEndpoint: string,
  input: { files?: readonly unknown[]; url?: string },
  logger: Pick<Console, 'warn'> = console,
): string | null {
  const kind = stepInputKind(firstEndpoint, logger);
  const count = input.files?.length ?? 0;
  if (kind === 'url') return (input.url ?? '').trim() === '' ? RUN_MESSAGES.urlRequired : null;
  if (kind === 'multi-file') {
    if (count === 0) return RUN_MESSAGES.atLeastOneFile;
    const minimum = findToolByEndpoint(firstEndpoint)?.accept.minFiles ?? 1;
    return count < minimum ? RUN_MESSAGES.atLeastTwoPdfs : null;
  }
  if (count === 0) return RUN_MESSAGES.fileRequired;
  return count > 1 ? RUN_MESSAGES.onlyOneFile : null;
}
