/** Which toast a page shows for a rejected drop or a selection of the wrong size (spec section 5 of both parts). */
import type { AcceptRule, ToolTexts } from '../catalogue/catalogue.types';
import { FILE_REQUIRED_TITLE, MORE_FILES_NEEDED_TITLE, TOO_MANY_FILES_TITLE } from '../catalogue/tool.texts';
import type { FileError } from './accept.matcher';

export interface ToastText {
  title: string;
  message: string;
}

/**
 * The toast for one rejected file. Pages with their own words for size or count use them (split,
 * rotate, watermark, OCR, redact); every other rejection shows 'Invalid file format' with the page's
 * message, as part 1 does for any rejected drop.
 */
export function rejectionToast(rule: AcceptRule, errors: readonly FileError[]): ToastText {
  const codes = new Set(errors.map((error) => error.code));
  const fallback = { title: rule.rejectTitle, message: rule.rejectMessage };
  if (codes.has('file-invalid-type')) return fallback;
  if (codes.has('too-many-files') && rule.tooManyMessage) {
    return { title: rule.tooManyTitle ?? rule.rejectTitle, message: rule.tooManyMessage };
  }
  if (codes.has('file-too-large') && rule.tooLargeMessage) {
    return { title: rule.tooLargeTitle ?? rule.rejectTitle, message: rule.tooLargeMessage };
  }
  // Without page-specific words, the precise reason ('File is larger than 50 MB') is the message.
  const first = errors[0];
  return first ? { title: rule.rejectTitle, message: first.message } : fallback;
}

export interface SelectionProblem extends ToastText {
  code: 'file-required' | 'too-few-files' | 'too-many-files';
}

/**
 * Checks how many files are selected when the user presses the button: none ('File required'), too
 * few (merge: 'More files needed'), or more than the tool takes.
 */
export function checkFileCount(
  tool: { accept: AcceptRule; texts: Pick<ToolTexts, 'missingFileTitle' | 'missingFileMessage'> },
  count: number,
): SelectionProblem | null {
  const { accept, texts } = tool;
  const selected = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  const minimum = Math.max(1, accept.minFiles ?? 1);
  if (selected === 0 && minimum === 1) {
    return {
      code: 'file-required',
      title: texts.missingFileTitle ?? FILE_REQUIRED_TITLE,
      message: texts.missingFileMessage ?? 'Please upload a file',
    };
  }
  if (selected < minimum) {
    return {
      code: 'too-few-files',
      title: accept.tooFewTitle ?? MORE_FILES_NEEDED_TITLE,
      message: accept.tooFewMessage ?? `Please select at least ${minimum} files.`,
    };
  }
  if (accept.maxFiles !== undefined && selected > accept.maxFiles) {
    return {
      code: 'too-many-files',
      title: accept.tooManyTitle ?? TOO_MANY_FILES_TITLE,
      message:
        accept.tooManyMessage ??
        `Please select at most ${accept.maxFiles} file${accept.maxFiles === 1 ? '' : 's'}.`,
    };
  }
  return null;
}
