/** File sizes as the spec shows them: MB with 2 decimals on tool pages, KB on some, MB with 1 decimal in the run screen. */

const MB = 1024 * 1024;
const KB = 1024;

function bytesOrZero(bytes: number): number {
  return Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
}

/** '1.50 MB' — result rows and file cards. */
export function formatMegabytes(bytes: number, decimals = 2): string {
  return `${(bytesOrZero(bytes) / MB).toFixed(decimals)} MB`;
}

/** '12.3 MB' — the workflow run screen's file list. */
export function formatMegabytesShort(bytes: number): string {
  return formatMegabytes(bytes, 1);
}

/** '512.00 KB' — pages that show KB. */
export function formatKilobytes(bytes: number, decimals = 2): string {
  return `${(bytesOrZero(bytes) / KB).toFixed(decimals)} KB`;
}

/**
 * '245 KB' below 1 MB, '1.50 MB' from there: result rows and file cards, so a small result never
 * reads as '0.00 MB'. KB keep one decimal below 10 KB; a non-empty file never shows as zero.
 */
export function formatFileSize(bytes: number): string {
  const size = bytesOrZero(bytes);
  if (size >= MB) return formatMegabytes(size);
  if (size === 0) return '0 KB';
  const kilobytes = size / KB;
  if (kilobytes < 0.1) return '0.1 KB';
  if (kilobytes < 10) return `${kilobytes.toFixed(1)} KB`;
  // 1023.6 KB would round to '1024 KB': that is '1.00 MB'.
  return Math.round(kilobytes) < 1024 ? `${Math.round(kilobytes)} KB` : formatMegabytes(size);
}
