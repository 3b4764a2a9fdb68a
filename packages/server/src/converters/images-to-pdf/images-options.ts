/**
 * Parameters of images/to/pdf (PageSize, PageOrientation, MarginHorizontal, MarginVertical, Pdfa, Frames). The
 * catalogue checks them; this server's own rules (validateImageParams) come first in an answer, in
 * their own words.
 */
import { IMAGE_MARGIN_RANGE, PAGE_ORIENTATIONS, PAGE_SIZES, sentValue } from '@docstudio/core';
import {
  hasProblems,
  mergeProblems,
  type ParameterReading,
  problemsOf,
  readCatalogue,
  refused,
  type SentParameters,
} from '../tool-parameters';
import type { LayoutOptions, Orientation, PageSizeName } from './image-layout';

/** allFrames: every frame of an animated GIF becomes a page (Frames=all); else only its first. */
export type ImageOptions = LayoutOptions & { pdfA: boolean; allFrames: boolean };

/** 100 megapixels: far above any camera, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 100_000_000;

const SIZES = PAGE_SIZES.map((choice) => choice.value);
const ORIENTATIONS = PAGE_ORIENTATIONS.map((choice) => choice.value);

const margin = (value: string | undefined): number =>
  value === undefined || value.trim() === '' ? IMAGE_MARGIN_RANGE.default : Number(value);

function validateImageParams(params: SentParameters): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const size = (sentValue(params, 'PageSize') ?? 'default').toLowerCase();
  if (!SIZES.includes(size)) errors.PageSize = [`PageSize must be one of ${SIZES.join(', ')}.`];
  const orientation = (sentValue(params, 'PageOrientation') ?? 'default').toLowerCase();
  if (!ORIENTATIONS.includes(orientation))
    errors.PageOrientation = ['PageOrientation must be default, portrait or landscape.'];
  for (const name of ['MarginHorizontal', 'MarginVertical'] as const) {
    const value = margin(sentValue(params, name));
    if (!Number.isFinite(value) || value < IMAGE_MARGIN_RANGE.min || value > IMAGE_MARGIN_RANGE.max)
      errors[name] = [
        `${name} must be a number of mm from ${IMAGE_MARGIN_RANGE.min} to ${IMAGE_MARGIN_RANGE.max}.`,
      ];
  }
  const pdfa = sentValue(params, 'Pdfa');
  if (pdfa !== undefined && !/^(true|false|1|0|)$/i.test(pdfa)) errors.Pdfa = ['Pdfa must be true or false.'];
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The fields as the page layout takes them, read as this server's rules above check them. */
function imageOptionsOf(params: SentParameters): ImageOptions {
  return {
    pageSize: (sentValue(params, 'PageSize') ?? 'default').toLowerCase() as PageSizeName,
    orientation: (sentValue(params, 'PageOrientation') ?? 'default').toLowerCase() as Orientation,
    marginHorizontalMm: margin(sentValue(params, 'MarginHorizontal')),
    marginVerticalMm: margin(sentValue(params, 'MarginVertical')),
    pdfA: /^(true|1)$/i.test(sentValue(params, 'Pdfa') ?? ''),
    allFrames: (sentValue(params, 'Frames') ?? '').trim().toLowerCase() === 'all',
  };
}

/** This server's rules (their messages first) and the catalogue's, then the layout's options. */
export function readImageOptions(sent: SentParameters): ParameterReading<ImageOptions> {
  const problems = mergeProblems(validateImageParams(sent), problemsOf(readCatalogue('images-to-pdf', sent)));
  return hasProblems(problems) ? refused(problems) : { ok: true, params: imageOptionsOf(sent) };
}
