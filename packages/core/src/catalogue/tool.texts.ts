/** Texts shared by many tools (spec part 1 section 8, part 2 section 8). Per-tool texts live in the tool entry. */

export const INVALID_FILE_FORMAT_TITLE = 'Invalid file format';
export const FILE_REQUIRED_TITLE = 'File required';
export const TOO_MANY_FILES_TITLE = 'Too many files';
export const MORE_FILES_NEEDED_TITLE = 'More files needed';
export const CONVERSION_FAILED_TITLE = 'Conversion failed';
export const CONVERSION_COMPLETED_TITLE = 'Conversion completed!';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
export const PARAMETER_VALIDATION_TITLE = 'Parameter validation error';
export const PDF_ONLY_MESSAGE = 'Please upload PDF files only.';
export const PDF_REQUIRED_MESSAGE = 'Please upload a PDF file to convert.';
export const CONVERTING_LABEL = 'Converting...';
export const CONVERSION_COMPLETE_HEADING = 'Conversion Complete';
export const PAGE_RANGE_HINT = 'e.g., 1-5, 8, 10-12';

/** 'Conversion failed: {status text}' — the message when an error answer carries no Message. */
export function conversionFailedMessage(statusText: string): string {
  return `Conversion failed: ${statusText}`;
}

/** 'Please enter a valid website URL (e.g., {host}).' */
export function invalidUrlMessage(host = 'example.com'): string {
  return `Please enter a valid website URL (e.g., ${host}).`;
}
