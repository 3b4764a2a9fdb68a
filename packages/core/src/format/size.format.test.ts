import { describe, expect, it } from 'vitest';
import { formatFileSize, formatKilobytes, formatMegabytes, formatMegabytesShort } from './index';

describe('size formatting', () => {
  it('shows MB with 2 decimals on tool pages', () => {
    expect(formatMegabytes(1_572_864)).toBe('1.50 MB');
    expect(formatMegabytes(1)).toBe('0.00 MB');
    expect(formatMegabytes(104_857_600)).toBe('100.00 MB');
  });
  it('shows MB with 1 decimal in the workflow run screen', () => {
    expect(formatMegabytesShort(12_897_484)).toBe('12.3 MB');
  });
  it('shows KB', () => {
    expect(formatKilobytes(524_288)).toBe('512.00 KB');
  });
  it('treats negative, NaN and infinite sizes as zero instead of printing nonsense', () => {
    expect(formatMegabytes(-5)).toBe('0.00 MB');
    expect(formatMegabytes(Number.NaN)).toBe('0.00 MB');
    expect(formatKilobytes(Number.POSITIVE_INFINITY)).toBe('0.00 KB');
  });
  it('shows KB below 1 MB and MB from there, never 0.00 MB for a real file', () => {
    expect(formatFileSize(1)).toBe('0.1 KB');
    expect(formatFileSize(5_120)).toBe('5.0 KB');
    expect(formatFileSize(250_880)).toBe('245 KB');
    expect(formatFileSize(1_048_575)).toBe('1.00 MB');
    expect(formatFileSize(1_048_576)).toBe('1.00 MB');
    expect(formatFileSize(0)).toBe('0 KB');
  });
});
