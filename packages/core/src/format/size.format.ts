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
