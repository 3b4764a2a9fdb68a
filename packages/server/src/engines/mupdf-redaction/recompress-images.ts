/**
 * MuPDF blanks the pixels under redaction boxes by writing a new image with lossless Flate, whatever
 * the original was: a JPEG scan comes back 7-8× larger, a 1-bit fax scan as 8-bit grey. This puts each
 * such image back into its original kind of encoding (JPEG stays JPEG, 1-bit stays 1-bit), and keeps
 * MuPDF's version whenever that is smaller.
 */
import { deflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { packBits } from './bilevel';

interface ImageKind {
  num: number;
  jpeg: boolean;
  bilevel: boolean;
}

const JPEG_QUALITY = 85;

function xobjectsOf(page: Mupdf.PDFPage): Mupdf.PDFObject | null {
  const resources = page.getObject().getInheritable('Resources');
  if (resources.isNull()) return null;
  const xobjects = resources.resolve().get('XObject');
  if (xobjects.isNull()) return null;
  const dict = xobjects.resolve();
  return dict.isDictionary() ? dict : null;
}

function filterNames(image: Mupdf.PDFObject): string[] {
  const filter = image.get('Filter');
  if (filter.isName()) return [filter.asName()];
  const array = filter.isNull() ? null : filter.resolve();
  if (!array?.isArray()) return [];
  return Array.from({ length: array.length }, (_, i) => array.get(i).asName());
}

/** The page's images by resource name, before redaction touches them. */
export function imageKinds(page: Mupdf.PDFPage): Map<string, ImageKind> {
  const kinds = new Map<string, ImageKind>();
  xobjectsOf(page)?.forEach((value, key) => {
    if (!value.isIndirect() || value.get('Subtype').asName() !== 'Image') return;
    if (value.get('ImageMask').asBoolean()) return; // stencil masks keep MuPDF's encoding
    const filters = filterNames(value);
    kinds.set(String(key), {
      num: value.asIndirect(),
      jpeg: filters.includes('DCTDecode'),
      bilevel:
        value.get('BitsPerComponent').asNumber() === 1 ||
        filters.some((f) => f === 'CCITTFaxDecode' || f === 'JBIG2Decode'),
    });
  });
  return kinds;
}

/** Re-encodes the images redaction replaced on `page` the way their originals were encoded. */
export function recompressRedactedImages(
  doc: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  before: ReadonlyMap<string, ImageKind>,
): void {
  const xobjects = xobjectsOf(page);
  if (!xobjects) return;
  const replaced: [string, Mupdf.PDFObject][] = [];
  xobjects.forEach((value, key) => {
    const kind = before.get(String(key));
    if (!kind || !value.isIndirect() || value.asIndirect() === kind.num) return;
    if (!kind.jpeg && !kind.bilevel) return;
    const rewritten = reencode(doc, value, kind);
    if (rewritten) replaced.push([String(key), rewritten]);
  });
  for (const [key, image] of replaced) xobjects.put(key, image);
}

function reencode(doc: Mupdf.PDFDocument, image: Mupdf.PDFObject, kind: ImageKind): Mupdf.PDFObject | null {
  const current = image.readRawStream().getLength();
  const pixmap = doc.loadImage(image).toPixmap();
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const components = pixmap.getNumberOfComponents();
    if (pixmap.getAlpha() || components > 3) return null;
    const common: Record<string, unknown> = {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
    };
    for (const key of ['SMask', 'Intent', 'Interpolate']) {
      const entry = image.get(key);
      if (!entry.isNull()) common[key] = entry;
    }
    let data: Uint8Array;
    if (kind.bilevel) {
      data = deflateSync(packBits(pixmap.getPixels(), width, height, pixmap.getStride(), components), {
        level: 9,
      });
      Object.assign(common, { ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'FlateDecode' });
    } else {
      data = pixmap.asJPEG(JPEG_QUALITY);
      Object.assign(common, {
        ColorSpace: components === 1 ? 'DeviceGray' : 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
      });
    }
    return data.length < current ? doc.addRawStream(data, common) : null;
  } finally {
    pixmap.destroy();
  }
}
