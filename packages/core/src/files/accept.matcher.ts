/**
 * Upload checks as react-dropzone makes them (type, size, count), with the spec's rejection texts, plus
 * the per-page toasts. Pure: works on `{ name, type, size }`, so browser Files and server uploads alike.
 */
import type { AcceptRule } from '../catalogue/catalogue.types';
import { TOO_MANY_FILES_TITLE } from '../catalogue/tool.texts';
import { fileExtension, inferMimeType, isIgnoredFileName, normalizeMimeType } from './mime.types';

export interface FileLike {
  name: string;
  /** MIME type; '' when the browser did not know it (inferred from the extension then). */
  type?: string;
  size: number;
}

/** An AcceptRule, or accept tokens as in an <input accept>: '.pdf', 'application/pdf', 'image/*'. */
export type AcceptSpec = Pick<AcceptRule, 'extensions' | 'mimeTypes'> | readonly string[] | string;

export type FileErrorCode =
  | 'file-invalid-type'
  | 'file-too-large'
  | 'file-too-small'
  | 'too-many-files'
  | 'file-empty'
  | 'file-invalid-size';

export interface FileError {
  code: FileErrorCode;
  message: string;
}

export interface FileRejection<F extends FileLike = FileLike> {
  file: F;
  errors: FileError[];
}

export interface FileCheck<F extends FileLike = FileLike> {
  accepted: F[];
  rejections: FileRejection<F>[];
  /** .DS_Store and Thumbs.db: neither accepted nor reported. */
  ignored: F[];
}

/** Accept tokens of a spec: extensions as '.ext', then MIME types and wildcards. */
export function acceptTokens(accept: AcceptSpec): string[] {
  if (typeof accept === 'string')
    return accept
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
  if (isTokenList(accept)) return accept.map((token) => token.trim()).filter(Boolean);
  return [...accept.extensions.map((extension) => `.${extension.replace(/^\./, '')}`), ...accept.mimeTypes];
}

function isTokenList(accept: AcceptSpec): accept is readonly string[] {
  return Array.isArray(accept);
}

/** The file's MIME type, or the one its extension implies when the browser gave none. */
export function effectiveMimeType(file: Pick<FileLike, 'name' | 'type'>): string {
  return normalizeMimeType(file.type ?? '') || inferMimeType(file.name);
}

/**
 * True when the file matches any token: its extension ('.pdf', any case), its MIME type, or a
 * wildcard ('image/*'). A missing MIME type is inferred from the extension; no tokens accepts anything.
 */
export function matchesAccept(file: Pick<FileLike, 'name' | 'type'>, accept: AcceptSpec): boolean {
  const tokens = acceptTokens(accept);
  if (tokens.length === 0) return true;
  const extension = fileExtension(file.name);
  const type = effectiveMimeType(file);
  return tokens.some((raw) => {
    const token = raw.toLowerCase();
    if (token.startsWith('.')) return extension !== '' && token === `.${extension}`;
    if (token === '*' || token === '*/*') return true;
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type !== '' && normalizeMimeType(token) === type;
  });
}

/** 'File type must be .pdf, application/pdf' — react-dropzone's text with the spec's wording. */
export function invalidTypeMessage(accept: AcceptSpec): string {
  return `File type must be ${acceptTokens(accept).join(', ')}`;
}

/** 'File is larger than 50 MB': limits in the unit people know (binary MB, as sizes are shown). */
export function tooLargeMessage(maxSize: number): string {
  const megabytes = maxSize / (1024 * 1024);
  return `File is larger than ${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

export function tooSmallMessage(minSize: number): string {
  return `File is smaller than ${minSize} bytes`;
}

/** react-dropzone's text, which the spec lists; also split's toast title. */
export const TOO_MANY_FILES_MESSAGE = TOO_MANY_FILES_TITLE;
export const EMPTY_FILE_MESSAGE = 'File is empty';
export const INVALID_SIZE_MESSAGE = 'File size is unknown';

/** The type and size problems of one file, in react-dropzone's order. */
export function fileErrors(
  file: FileLike,
  rule: Omit<AcceptRule, 'rejectMessage' | 'rejectTitle'>,
): FileError[] {
  const errors: FileError[] = [];
  if (!matchesAccept(file, rule))
    errors.push({ code: 'file-invalid-type', message: invalidTypeMessage(rule) });
  const size = file.size;
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) {
    errors.push({ code: 'file-invalid-size', message: INVALID_SIZE_MESSAGE });
    return errors;
  }
  // No tool can do anything with 0 bytes; saying so beats a confusing engine failure later.
  if (size === 0) errors.push({ code: 'file-empty', message: EMPTY_FILE_MESSAGE });
  if (rule.maxSize !== undefined && size > rule.maxSize) {
    errors.push({ code: 'file-too-large', message: tooLargeMessage(rule.maxSize) });
  }
  if (rule.minSize !== undefined && size < rule.minSize) {
    errors.push({ code: 'file-too-small', message: tooSmallMessage(rule.minSize) });
  }
  return errors;
}

/**
 * Splits a drop into accepted files and rejections. `existingCount` is how many files the selection
 * already holds (0 where a drop replaces it). As in react-dropzone, going over `maxFiles` rejects the
 * whole drop with 'Too many files' rather than keeping an arbitrary first few.
 */
export function checkFiles<F extends FileLike>(
  files: Iterable<F>,
  rule: Omit<AcceptRule, 'rejectMessage' | 'rejectTitle'>,
  existingCount = 0,
): FileCheck<F> {
  const accepted: F[] = [];
  const rejections: FileRejection<F>[] = [];
  const ignored: F[] = [];
  for (const file of files) {
    if (isIgnoredFileName(file.name)) {
      ignored.push(file);
      continue;
    }
    const errors = fileErrors(file, rule);
    if (errors.length === 0) accepted.push(file);
    else rejections.push({ file, errors });
  }
  const already = Number.isFinite(existingCount) && existingCount > 0 ? Math.floor(existingCount) : 0;
  if (rule.maxFiles !== undefined && accepted.length > 0 && already + accepted.length > rule.maxFiles) {
    const tooMany: FileError = { code: 'too-many-files', message: TOO_MANY_FILES_MESSAGE };
    for (const rejection of rejections) rejection.errors.push(tooMany);
    rejections.push(...accepted.map((file) => ({ file, errors: [tooMany] })));
    accepted.length = 0;
  }
  return { accepted, rejections, ignored };
}
