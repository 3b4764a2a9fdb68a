/**
 * The JPG options (Quality 1-100, default 95; Dpi 150, 300 or 600, default 150) are the core
 * catalogue's: its rules validate them and fill the defaults, so no range is written here again.
 */
import { resolveToolParameters, validateToolParameters } from '@docstudio/core';

export interface JpgOptions {
  quality: number;
  dpi: number;
}

export const validateJpgParams = (
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null => validateToolParameters('pdf/to/jpg', params);

/** Called after validation passed, so the resolved values are present and in range. */
export function jpgOptions(params: Readonly<Record<string, string>>): JpgOptions {
  const resolved = resolveToolParameters('pdf/to/jpg', params);
  if (!resolved.ok) throw new Error('JPG options must be validated before they are read.');
  return { quality: Number(resolved.values.Quality), dpi: Number(resolved.values.Dpi) };
}
