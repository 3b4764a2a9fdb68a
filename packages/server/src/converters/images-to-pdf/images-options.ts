import { IMAGE_MARGIN_RANGE, PAGE_ORIENTATIONS, PAGE_SIZES } from '@docstudio/core';
import type { LayoutOptions, Orientation, PageSizeName } from './image-layout';

const SIZES = PAGE_SIZES.map((choice) => choice.value);
const ORIENTATIONS = PAGE_ORIENTATIONS.map((choice) => choice.value);

const margin = (value: string | undefined): number =>
  value === undefined || value.trim() === '' ? IMAGE_MARGIN_RANGE.default : Number(value);

export function validateImageParams(
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const size = (params.PageSize ?? 'default').toLowerCase();
  if (!SIZES.includes(size)) errors.PageSize = [`PageSize must be one of ${SIZES.join(', ')}.`];
  const orientation = (params.PageOrientation ?? 'default').toLowerCase();
  if (!ORIENTATIONS.includes(orientation))
    errors.PageOrientation = ['PageOrientation must be default, portrait or landscape.'];
  for (const name of ['MarginHorizontal', 'MarginVertical'] as const) {
    const value = margin(params[name]);
    if (!Number.isFinite(value) || value < IMAGE_MARGIN_RANGE.min || value > IMAGE_MARGIN_RANGE.max)
      errors[name] = [
        `${name} must be a number of mm from ${IMAGE_MARGIN_RANGE.min} to ${IMAGE_MARGIN_RANGE.max}.`,
      ];
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
