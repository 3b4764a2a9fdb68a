/**
 * The safe path of redaction, in a MuPDF worker: pages whose redaction could not be verified are
 * replaced by a picture of the original page with the boxes burnt into its pixels, so nothing of what
 * was under a box can survive in any form. Text-like pages become 1-bit pictures (small, sharp; the
 * boxes are painted over them in the chosen colour), photos and colour pages JPEG. The caller adds an
 * invisible OCR layer of the remaining words afterwards. Also the page-box widening the verification
 * reads through (poppler drops glyphs outside the page).
 */
import { deflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { packBits } from './bilevel';
import { normalisePageStreams } from './normalise-page-streams';
import type { Rect } from './page-text';

export interface RasterisePagesPlan {
  /** 0-based pages with their boxes in MuPDF page space. */
  pages: { index: number; boxes: Rect[] }[];
  color: readonly [number, number, number];
  dpi: number;
}

export type RasterMode = 'bilevel' | 'jpeg';

/** Share of pixels that must be near black or near white for a page to count as text. */
const TEXT_LIKE = 0.97;
const JPEG_QUALITY = 80;

const num = (value: number): string => (Math.round(value * 1000) / 1000).toString();

/**
 * Replaces the planned pages of `redacted` by pictures rendered from `original` and returns the saved
 * file and the mode each page got.
 */
export function rasterisePages(
  mupdf: typeof Mupdf,
  original: Mupdf.PDFDocument,
  redacted: Mupdf.PDFDocument,
  plan: RasterisePagesPlan,
): { saved: Buffer; modes: RasterMode[] } {
  const modes: RasterMode[] = [];
  for (const { index, boxes } of plan.pages) {
    const source = original.loadPage(index);
    let picture: { stream: Mupdf.PDFObject; mode: RasterMode; width: number; height: number };
    try {
      picture = renderBurnt(mupdf, redacted, source, boxes, plan);
    } finally {
      source.destroy();
    }
    const page = redacted.loadPage(index);
    try {
      replaceWithPicture(redacted, page, picture, boxes, plan.color);
    } finally {
      page.destroy();
    }
    modes.push(picture.mode);
  }
  const saved = redacted.saveToBuffer('garbage=deduplicate,compress=yes');
  try {
    return { saved: Buffer.from(saved.asUint8Array()), modes };
  } finally {
    saved.destroy();
  }
}

function renderBurnt(
  mupdf: typeof Mupdf,
  doc: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  boxes: readonly Rect[],
  plan: RasterisePagesPlan,
): { stream: Mupdf.PDFObject; mode: RasterMode; width: number; height: number } {
  const [bx0, by0] = page.getBounds();
  const scale = plan.dpi / 72;
  // Annotations are not drawn: the redacted file drops those that carry text anyway.
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, false);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const pixels = pixmap.getPixels();
    const fill = (rgb: readonly number[]): void => {
      for (const [x0, y0, x1, y1] of boxes) {
        const left = Math.max(0, Math.floor((x0 - bx0) * scale));
        const right = Math.min(width, Math.ceil((x1 - bx0) * scale));
        const top = Math.max(0, Math.floor((y0 - by0) * scale));
        const bottom = Math.min(height, Math.ceil((y1 - by0) * scale));
        for (let y = top; y < bottom; y++)
          for (let x = left; x < right; x++) pixels.set(rgb, y * stride + x * 3);
      }
    };
    fill([0, 0, 0]);
    if (isTextLike(pixels, width, height, stride)) {
      return { stream: bilevelImage(doc, pixels, width, height, stride), mode: 'bilevel', width, height };
    }
    fill(plan.color.map((c) => Math.round(c * 255)));
    const jpeg = pixmap.asJPEG(JPEG_QUALITY);
    const stream = doc.addRawStream(jpeg, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    });
    return { stream, mode: 'jpeg', width, height };
  } finally {
    pixmap.destroy();
  }
}

function isTextLike(pixels: Uint8ClampedArray, width: number, height: number, stride: number): boolean {
  let extreme = 0;
  let total = 0;
  // Every fourth pixel of every fourth row is plenty to tell a text page from a photo.
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4) {
      const at = y * stride + x * 3;
      const r = pixels[at] ?? 0;
      const g = pixels[at + 1] ?? 0;
      const b = pixels[at + 2] ?? 0;
      const grey = Math.abs(r - g) < 24 && Math.abs(g - b) < 24;
      if (grey && (r < 80 || r > 215)) extreme += 1;
      total += 1;
    }
  }
  return total > 0 && extreme / total >= TEXT_LIKE;
}

/** The burnt page as a 1-bit Flate picture. */
function bilevelImage(
  doc: Mupdf.PDFDocument,
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
): Mupdf.PDFObject {
  const bits = packBits(pixels, width, height, stride, 3);
  return doc.addRawStream(deflateSync(bits, { level: 9 }), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
  });
}

/**
 * The page becomes its picture on an upright page of the same displayed size: rotation, crop and the
 * old resources go, and with them anything the old content could still hold. Links go too (their
 * rectangles were in the old page's space).
 */
function replaceWithPicture(
  doc: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  picture: { stream: Mupdf.PDFObject; mode: RasterMode },
  boxes: readonly Rect[],
  color: readonly [number, number, number],
): void {
  const [x0, y0, x1, y1] = page.getBounds();
  const w = x1 - x0;
  const h = y1 - y0;
  const pageObject = page.getObject();
  for (const key of ['CropBox', 'TrimBox', 'BleedBox', 'ArtBox', 'Annots', 'Group', 'UserUnit', 'VP'])
    pageObject.delete(key);
  pageObject.put('MediaBox', [0, 0, w, h]);
  pageObject.put('Rotate', 0);
  const resources = doc.newDictionary();
  const xobjects = doc.newDictionary();
  xobjects.put('Im0', picture.stream);
  resources.put('XObject', xobjects);
  pageObject.put('Resources', resources);
  const ops = [`q ${num(w)} 0 0 ${num(h)} 0 0 cm /Im0 Do Q`];
  if (picture.mode === 'bilevel' && boxes.length > 0) {
    // The picture holds the boxes in black; the chosen colour is painted over them as vectors.
    ops.push(`q ${color.map(num).join(' ')} rg`);
    for (const [bx0, by0, bx1, by1] of boxes)
      ops.push(`${num(bx0 - x0)} ${num(h - (by1 - y0))} ${num(bx1 - bx0)} ${num(by1 - by0)} re f`);
    ops.push('Q');
  }
  pageObject.put('Contents', doc.addStream(`${ops.join('\n')}\n`, {}));
}

/**
 * A copy of `doc` whose every page shows `margin` points beyond its visible box on each side, so a
 * reader that drops glyphs outside the page (poppler) sees text moved off it. `asReference`: the
 * original as the redacted file should still read where nothing was removed.
 */
export function widenPageBoxes(
  mupdf: typeof Mupdf,
  doc: Mupdf.PDFDocument,
  margin: number,
  asReference: boolean,
): Buffer {
  const seen = new Set<number>();
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.loadPage(index);
    try {
      const [x0, y0, x1, y1] = mupdf.Rect.transform(
        page.getBounds(),
        mupdf.Matrix.invert(page.getTransform()),
      );
      const pageObject = page.getObject();
      for (const key of ['CropBox', 'TrimBox', 'BleedBox', 'ArtBox']) pageObject.delete(key);
      if (asReference) {
        // What the redacted page should still show: no annotations (redaction drops those with text)
        // and no marked-content replacement texts (poppler reads those instead of the glyphs).
        pageObject.delete('Annots');
        normalisePageStreams(page, seen);
      }
      pageObject.put('MediaBox', [x0 - margin, y0 - margin, x1 + margin, y1 + margin]);
    } finally {
      page.destroy();
    }
  }
  const saved = doc.saveToBuffer('');
  try {
    return Buffer.from(saved.asUint8Array());
  } finally {
    saved.destroy();
  }
}
