/**
 * The catalogue's JPG options: Quality 1-100 (default 95) and Dpi 150, 300 or 600 (default 150).
 * Written here until @docstudio/core exposes validateToolParameters for the catalogue's definitions.
 */
export const JPG_DEFAULT_QUALITY = 95;
export const JPG_DEFAULT_DPI = 150;
export const JPG_DPI_CHOICES = [150, 300, 600] as const;

export interface JpgOptions {
  quality: number;
  dpi: number;
}

export function validateJpgParams(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const quality = params.Quality;
  if (quality !== undefined && quality !== '') {
    const n = Number(quality);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      errors.Quality = ['Quality must be a whole number from 1 to 100.'];
  }
  const dpi = params.Dpi;
  if (dpi !== undefined && dpi !== '' && !JPG_DPI_CHOICES.includes(Number(dpi) as 150)) {
    errors.Dpi = ['Dpi must be one of 150, 300, 600.'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function jpgOptions(params: Readonly<Record<string, string>>): JpgOptions {
  return {
    quality: params.Quality ? Number(params.Quality) : JPG_DEFAULT_QUALITY,
    dpi: params.Dpi ? Number(params.Dpi) : JPG_DEFAULT_DPI,
  };
}
