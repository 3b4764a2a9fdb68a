/**
 * The catalogue's JPG options, JpgQuality 1-100 (default 95) and ImageResolution 150, 300 or 600
 * (default 150), are checked by the core catalogue's own rules. The short names Quality and Dpi are
 * accepted too (older clients and the issue text use them) with the same ranges.
 */
import { validateToolParameters } from '@docstudio/core';

export const JPG_DEFAULT_QUALITY = 95;
export const JPG_DEFAULT_DPI = 150;
export const JPG_DPI_CHOICES = [150, 300, 600] as const;

export interface JpgOptions {
  quality: number;
  dpi: number;
}

/** Core's catalogue rules first; the same ranges checked here for both name pairs, so none slips through. */
export function validateJpgParams(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = { ...(validateToolParameters('pdf/to/jpg', params) ?? {}) };
  for (const field of ['JpgQuality', 'Quality']) {
    const value = params[field];
    if (value === undefined || value === '' || errors[field]) continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      errors[field] = [`${field} must be a whole number from 1 to 100.`];
  }
  for (const field of ['ImageResolution', 'Dpi']) {
    const value = params[field];
    if (value === undefined || value === '' || errors[field]) continue;
    if (!JPG_DPI_CHOICES.includes(Number(value) as 150))
      errors[field] = [`${field} must be one of 150, 300, 600.`];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function jpgOptions(params: Readonly<Record<string, string>>): JpgOptions {
  return {
    quality: Number(params.JpgQuality || params.Quality || JPG_DEFAULT_QUALITY),
    dpi: Number(params.ImageResolution || params.Dpi || JPG_DEFAULT_DPI),
  };
}
