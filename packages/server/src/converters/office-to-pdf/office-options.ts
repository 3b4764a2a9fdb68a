/**
 * Parameters of office/to/pdf (spec: PageRange, PdfVersion 1.3-1.7 default 1.4, PdfA,
 * DocumentOpenPassword; this server's FitToPageWidth for spreadsheets) and how they map onto
 * LibreOffice's PDF export. The catalogue checks them; this server's own rules (validateOfficeParams)
 * come first in an answer, in their own words.
 */

import { DEFAULT_PDF_VERSION, PDF_VERSIONS as PDF_VERSION_CHOICES, sentValue } from '@docstudio/core';
import {
  hasProblems,
  mergeProblems,
  type ParameterReading,
  problemsOf,
  readCatalogue,
  refused,
  type SentParameters,
} from '../tool-parameters';

/** The PdfVersion values the tool page offers (1.3 to 1.7), from the catalogue. */
export const PDF_VERSIONS: readonly string[] = PDF_VERSION_CHOICES.map((choice) => choice.value);
/** A value of PDF_VERSIONS ('1.4'); validateOfficeParams refuses any other. */
export type PdfVersion = string;

export interface OfficeOptions {
  pageRange: string | null;
  pdfVersion: PdfVersion;
  pdfA: boolean;
  password: string | null;
  /** Spreadsheets: each sheet one page wide (FitToPageWidth). */
  fitToPageWidth: boolean;
}

/** '1-5, 8, 10-12' (LibreOffice also takes open ranges like '3-'). */
const PAGE_RANGE = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

const isTrue = (value: string | undefined): boolean => /^(true|1|on|yes)$/i.test(value ?? '');
const isBoolean = (value: string | undefined): boolean =>
  value === undefined || value === '' || /^(true|false|1|0|on|off|yes|no)$/i.test(value);

function validateOfficeParams(params: SentParameters): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const range = sentValue(params, 'PageRange')?.trim();
  if (range) {
    const zeroPage = /(^|[,-]\s*)0+(\s|,|-|$)/.test(range);
    if (!PAGE_RANGE.test(range) || zeroPage) {
      errors.PageRange = ['PageRange must list pages or ranges, e.g. 1-5, 8, 10-12 (pages start at 1).'];
    } else if (
      range
        .split(',')
        .map((part) => part.split('-').map((n) => Number(n.trim() || Number.POSITIVE_INFINITY)))
        .some(([from = 0, to = from]) => to < from)
    ) {
      errors.PageRange = ['PageRange has a range that ends before it starts.'];
    }
  }
  const version = sentValue(params, 'PdfVersion')?.trim();
  if (version && !PDF_VERSIONS.includes(version)) {
    errors.PdfVersion = [`PdfVersion must be one of ${PDF_VERSIONS.join(', ')}.`];
  }
  if (!isBoolean(sentValue(params, 'PdfA'))) errors.PdfA = ['PdfA must be true or false.'];
  if (!isBoolean(sentValue(params, 'FitToPageWidth')))
    errors.FitToPageWidth = ['FitToPageWidth must be true or false.'];
  if (isTrue(sentValue(params, 'PdfA')) && version === '1.3') {
    errors.PdfVersion = ['PDF/A needs PDF version 1.4 or later.'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The fields as LibreOffice's export takes them, read as this server's rules above check them. */
function officeOptionsOf(params: SentParameters): OfficeOptions {
  const version: PdfVersion = sentValue(params, 'PdfVersion')?.trim() || DEFAULT_PDF_VERSION;
  const password = sentValue(params, 'DocumentOpenPassword');
  const range = sentValue(params, 'PageRange')?.trim();
  return {
    pageRange: range ? range.replace(/\s+/g, '') : null,
    pdfVersion: version,
    pdfA: isTrue(sentValue(params, 'PdfA')),
    password: password !== undefined && password !== '' ? password : null,
    fitToPageWidth: isTrue(sentValue(params, 'FitToPageWidth')),
  };
}

/** This server's rules (their messages first) and the catalogue's, then the export's options. */
export function readOfficeOptions(sent: SentParameters): ParameterReading<OfficeOptions> {
  const problems = mergeProblems(
    validateOfficeParams(sent),
    problemsOf(readCatalogue('office-to-pdf', sent)),
  );
  return hasProblems(problems) ? refused(problems) : { ok: true, params: officeOptionsOf(sent) };
}

/**
 * LibreOffice 7.4's SelectPdfVersion: 1 PDF/A-1b (PDF 1.4), 2 PDF/A-2b, 15 and 16 plain 1.5/1.6.
 * It has no native 1.3, 1.4 or 1.7 for plain PDF: those are made exact by a post-step.
 */
export function libreOfficePdfVersion(options: OfficeOptions): number {
  if (options.pdfA) return options.pdfVersion === '1.4' ? 1 : 2;
  if (options.pdfVersion === '1.5') return 15;
  return 16;
}
