/**
 * pdf/to/watermark: text on every page (stamp-watermark.ts). Parameters as the spec names them, with
 * its defaults: Text (required), HorizontalAlignment left|center|right and VerticalAlignment
 * top|center|bottom (center), Opacity 10-80 percent (30), FontSize in points (24, the page's
 * 'medium'; 6-144), Rotate 0-360 degrees counter-clockwise (0), TextRenderingMode filltext|stroketext|
 * fillstroke|invisible (filltext), FontColor and StrokeColor #rrggbb (#000000); every choice, range
 * and default is the core catalogue's (watermark.choices.ts). The text uses a
 * standard PDF font, so it is limited to the Windows-1252 (Latin) characters that font can show.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import {
  DEFAULT_TEXT_RENDERING_MODE,
  DEFAULT_WATERMARK_SIZE,
  HORIZONTAL_ALIGNMENTS,
  type OptionChoice,
  TEXT_RENDERING_MODES,
  VERTICAL_ALIGNMENTS,
  WATERMARK_COLOR_DEFAULT,
  WATERMARK_FONT_SIZE_RANGE,
  WATERMARK_OPACITY,
  WATERMARK_ROTATION,
  WATERMARK_SIZES,
  WATERMARK_TEXT_MAX_LENGTH,
  WATERMARK_TEXT_REQUIRED,
} from '@docstudio/core';
import { inspectPdf } from '../../engines/pdf-inspect';
import { repairPdf } from '../../engines/qpdf';
import { damagedFile, invalidParameters, passwordProtected } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import {
  type HorizontalAlignment,
  stampWatermark,
  type VerticalAlignment,
  type WatermarkOptions,
  type WatermarkRenderingMode,
} from './stamp-watermark';

const values = <T extends string>(choices: readonly OptionChoice[]): readonly T[] =>
  choices.map((choice) => choice.value as T);
const HORIZONTAL = values<HorizontalAlignment>(HORIZONTAL_ALIGNMENTS);
const VERTICAL = values<VerticalAlignment>(VERTICAL_ALIGNMENTS);
const MODES = values<WatermarkRenderingMode>(TEXT_RENDERING_MODES);
const OPACITY = WATERMARK_OPACITY;
const FONT_SIZE = { ...WATERMARK_FONT_SIZE_RANGE, default: WATERMARK_SIZES[DEFAULT_WATERMARK_SIZE] };
const ROTATE = WATERMARK_ROTATION;
const MAX_TEXT_LENGTH = WATERMARK_TEXT_MAX_LENGTH;

/** Characters Helvetica's WinAnsi encoding has (printable Latin-1 plus the cp1252 extras). */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
};

function readNumber(value: string | undefined, range: { min: number; max: number; default: number }): number | null {
  if (value === undefined) return range.default;
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  const number = Number(value);
  return number >= range.min && number <= range.max ? number : null;
}

function readColor(value: string | undefined): [number, number, number] | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec((value ?? WATERMARK_COLOR_DEFAULT).trim());
  if (!match) return null;
  return [match[1], match[2], match[3]].map((hex) => Number.parseInt(hex ?? '0', 16) / 255) as [number, number, number];
}

function pick<T extends string>(value: string | undefined, choices: readonly T[], fallback: T): T | null {
  if (value === undefined) return fallback;
  return choices.find((choice) => choice === value.trim().toLowerCase()) ?? null;
}

/** Parses and checks every parameter; field errors keyed by the spec's names. */
export function readWatermarkOptions(
  params: Readonly<Record<string, string>>,
): { options: WatermarkOptions; errors: null } | { options: null; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const text = (params.Text ?? '').trim();
  if (text === '') errors.Text = [WATERMARK_TEXT_REQUIRED];
  else if (text.length > MAX_TEXT_LENGTH) errors.Text = [`Text must be at most ${MAX_TEXT_LENGTH} characters.`];
  else if (![...text].every(isWinAnsi)) {
    errors.Text = ['Text can only use Latin characters (the standard PDF font has no others).'];
  }
  const horizontal = pick(params.HorizontalAlignment, HORIZONTAL, 'center' as const);
  if (!horizontal) errors.HorizontalAlignment = ['HorizontalAlignment must be one of left, center, right.'];
  const vertical = pick(params.VerticalAlignment, VERTICAL, 'center');
  if (!vertical) errors.VerticalAlignment = ['VerticalAlignment must be one of top, center, bottom.'];
  const mode = pick(params.TextRenderingMode, MODES, DEFAULT_TEXT_RENDERING_MODE as WatermarkRenderingMode);
  if (!mode) errors.TextRenderingMode = [`TextRenderingMode must be one of ${MODES.join(', ')}.`];
  const opacity = readNumber(params.Opacity, OPACITY);
  if (opacity === null) errors.Opacity = [`Opacity must be a number from ${OPACITY.min} to ${OPACITY.max}.`];
  const fontSize = readNumber(params.FontSize, FONT_SIZE);
  if (fontSize === null) errors.FontSize = [`FontSize must be a number from ${FONT_SIZE.min} to ${FONT_SIZE.max}.`];
  const rotate = readNumber(params.Rotate, ROTATE);
  if (rotate === null) errors.Rotate = [`Rotate must be a number from ${ROTATE.min} to ${ROTATE.max}.`];
  const fontColor = readColor(params.FontColor);
  if (!fontColor) errors.FontColor = ['FontColor must be a colour like #ff0000.'];
  const strokeColor = readColor(params.StrokeColor);
  if (!strokeColor) errors.StrokeColor = ['StrokeColor must be a colour like #ff0000.'];
  if (
    Object.keys(errors).length > 0 ||
    !horizontal ||
    !vertical ||
    !mode ||
    opacity === null ||
    fontSize === null ||
    rotate === null ||
    !fontColor ||
    !strokeColor
  ) {
    return { options: null, errors };
  }
  return {
    errors: null,
    options: { text, horizontal, vertical, mode, opacity: opacity / 100, fontSize, rotate, fontColor, strokeColor },
  };
}

export function validateWatermarkParameters(
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null {
  return readWatermarkOptions(params).errors;
}

async function watermarkPdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const { options, errors } = readWatermarkOptions(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  if (facts.encrypted) {
    throw passwordProtected('The file is encrypted. Remove its protection first, then add the watermark.');
  }
  const output = join(ctx.workDir, 'result-watermarked.pdf');
  let stamped: Uint8Array;
  try {
    stamped = await stampWatermark(await readFile(file.path), options);
  } catch {
    // pdf-lib reads less damage than qpdf does: let qpdf rewrite the file (it repairs what it can), then retry.
    const repaired = join(ctx.workDir, 'watermark-repaired.pdf');
    await repairPdf(file.path, repaired, { signal: ctx.signal, timeoutMs: ctx.deadline });
    try {
      stamped = await stampWatermark(await readFile(repaired), options);
    } catch {
      throw damagedFile('The file is damaged: its pages could not be read to add the watermark.');
    }
  }
  await writeFile(output, stamped);
  return [{ path: output, fileName: `${parse(file.fileName).name}-watermarked.pdf` }];
}

export const pdfWatermarkConverter: Converter = {
  endpoint: 'pdf/to/watermark',
  engine: 'mupdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 100 * 1024 * 1024,
  validate: validateWatermarkParameters,
  convert: watermarkPdf,
};
