/**
 * The answer of the redaction dry run (`POST {apiUrl}/redact/preview`): per page, the boxes
 * pdf/to/redact would draw and what kind of data each covers. Read into camelCase like every answer.
 */
import { ConversionError } from './conversion.errors';

export interface RedactionPreviewBox {
  /** Points from the page's top-left corner as the reader sees it (after the page's rotation). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The detector that found it ('email', 'ssn', 'personName' …) or 'term' (the user's words). */
  kind: string;
}

export interface RedactionPreviewPage {
  /** 1-based. */
  page: number;
  /** The page size in points as the reader sees it. */
  width: number;
  height: number;
  boxes: RedactionPreviewBox[];
}

export interface RedactionPreview {
  pages: RedactionPreviewPage[];
  /** Boxes on all pages. */
  boxes: number;
  /** 1-based pages read by OCR (no text layer). */
  ocrPages: number[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function readBox(value: unknown): RedactionPreviewBox | null {
  if (!isRecord(value)) return null;
  const box = {
    x: num(value.X),
    y: num(value.Y),
    width: num(value.Width),
    height: num(value.Height),
    kind: typeof value.Kind === 'string' ? value.Kind : 'term',
  };
  return box.width > 0 && box.height > 0 ? box : null;
}

export function parseRedactionPreview(
  meta: { status: number; statusText?: string },
  bodyText: string,
): RedactionPreview {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (!isRecord(body) || !Array.isArray(body.Pages)) {
    throw new ConversionError('Preview failed: the server answer has no Pages', {
      status: meta.status,
      ...(meta.statusText ? { statusText: meta.statusText } : {}),
    });
  }
  const pages = body.Pages.filter(isRecord).map((page) => ({
    page: num(page.Page),
    width: num(page.Width),
    height: num(page.Height),
    boxes: list(page.Boxes)
      .map(readBox)
      .filter((box): box is RedactionPreviewBox => box !== null),
  }));
  return {
    pages,
    boxes: pages.reduce((sum, page) => sum + page.boxes.length, 0),
    ocrPages: list(body.OcrPages).filter((page): page is number => typeof page === 'number'),
  };
}
