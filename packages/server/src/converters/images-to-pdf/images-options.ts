import type { LayoutOptions, Orientation, PageSizeName } from './image-layout';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'tiff', 'tif', 'bmp', 'webp', 'svg'] as const;
const SIZES = ['default', 'a4', 'a3', 'a5', 'letter', 'legal'];
const ORIENTATIONS = ['default', 'portrait', 'landscape'];

const margin = (value: string | undefined): number =>
  value === undefined || value.trim() === '' ? 0 : Number(value);

export function validateImageParams(
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const size = (params.PageSize ?? 'default').toLowerCase();
  if (!SIZES.includes(size))
    errors.PageSize = ['PageSize must be one of default, a4, a3, a5, letter, legal.'];
  const orientation = (params.PageOrientation ?? 'default').toLowerCase();
  if (!ORIENTATIONS.includes(orientation))
    errors.PageOrientation = ['PageOrientation must be default, portrait or landscape.'];
  for (const name of ['MarginHorizontal', 'MarginVertical'] as const) {
    const value = margin(params[name]);
    if (!Number.isFinite(value) || value < 0 || value > 500)
      errors[name] = [`${name} must be a number of mm from 0 to 500.`];
  }
  if (params.Pdfa !== undefined && !/^(true|false|1|0|)$/i.test(params.Pdfa))
    errors.Pdfa = ['Pdfa must be true or false.'];
  return Object.keys(errors).length > 0 ? errors : null;
}

export function readImageOptions(
  params: Readonly<Record<string, string>>,
): LayoutOptions & { pdfA: boolean } {
  return {
    pageSize: (params.PageSize ?? 'default').toLowerCase() as PageSizeName,
    orientation: (params.PageOrientation ?? 'default').toLowerCase() as Orientation,
    marginHorizontalMm: margin(params.MarginHorizontal),
    marginVerticalMm: margin(params.MarginVertical),
    pdfA: /^(true|1)$/i.test(params.Pdfa ?? ''),
  };
}
