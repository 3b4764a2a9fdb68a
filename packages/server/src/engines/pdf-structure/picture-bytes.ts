/**
 * A picture of the PDF as Word and PowerPoint get it, in its own encoding where they can show it: a
 * JPEG stays the JPEG the PDF holds (its bytes passed through, only Exif removed), a JPEG they cannot
 * show as stored (CMYK, inverted by a Decode array, masked) is re-encoded as an RGB JPEG, anything
 * else becomes PNG. As PNG a scan grew 7-8 times (OCRmyPDF's c02-22: 177 KB JPEG, 1.25 MB PNG).
 */
import type * as Mupdf from 'mupdf';

export interface PictureBytes {
  data: Buffer;
  format: 'png' | 'jpg';
  width: number;
  height: number;
}

/** Images below this many pixels are decoration (bullets, rules) and are left out. */
const MIN_IMAGE_PIXELS = 64;
/** Very large images are stored as they come but their pixels are capped to bound memory. */
const MAX_IMAGE_PIXELS = 25_000_000;
/** Quality of a JPEG that has to be re-encoded (close to what cameras and scanners write). */
const REENCODED_JPEG_QUALITY = 90;
/** Forms inside forms are followed this deep when looking for a picture's stream. */
const MAX_FORM_DEPTH = 4;

/**
 * The image streams a page's content can draw (its XObjects and those of its forms), keyed by the
 * MuPDF image each loads as: MuPDF keeps one image per stream in its store, so the image the
 * structured text hands over is the very one loaded here, and its stream is found by identity.
 */
export class PageImageStreams {
  private streams: Map<Mupdf.Image['pointer'], Mupdf.PDFObject> | undefined;
  private readonly loaded: Mupdf.Image[] = [];

  constructor(private readonly page: Mupdf.Page) {}

  streamOf(mupdf: typeof Mupdf, image: Mupdf.Image): Mupdf.PDFObject | undefined {
    this.streams ??= this.collect(mupdf);
    return this.streams.get(image.pointer);
  }

  /** Drops the images loaded for the look-up (after the page's structured text is done). */
  release(): void {
    for (const image of this.loaded) image.destroy();
    this.loaded.length = 0;
  }

  private collect(mupdf: typeof Mupdf): Map<Mupdf.Image['pointer'], Mupdf.PDFObject> {
    const found = new Map<Mupdf.Image['pointer'], Mupdf.PDFObject>();
    if (!(this.page instanceof mupdf.PDFPage)) return found;
    const doc = this.page._doc;
    const seen = new Set<number>();
    const visit = (resources: Mupdf.PDFObject, depth: number): void => {
      const xobjects = resources.get('XObject');
      if (!xobjects.isDictionary()) return;
      xobjects.forEach((xobject) => {
        if (!xobject.isIndirect() || seen.has(xobject.asIndirect())) return;
        seen.add(xobject.asIndirect());
        const subtype = xobject.get('Subtype');
        if (subtype.isName() && subtype.asName() === 'Form' && depth < MAX_FORM_DEPTH) {
          visit(xobject.get('Resources'), depth + 1);
        } else if (subtype.isName() && subtype.asName() === 'Image') {
          try {
            const image = doc.loadImage(xobject);
            this.loaded.push(image);
            found.set(image.pointer, xobject);
          } catch {
            // a broken image stream: its picture (if MuPDF drew it at all) goes the PNG way
          }
        }
      });
    };
    visit(this.page.getObject().getInheritable('Resources'), 0);
    return found;
  }
}

const filterNames = (stream: Mupdf.PDFObject): string[] => {
  const filter = stream.get('Filter');
  if (filter.isName()) return [filter.asName()];
  const names: string[] = [];
  if (filter.isArray()) {
    filter.forEach((name) => {
      names.push(name.isName() ? name.asName() : '?');
    });
  }
  return names;
};

/** The stream's bytes are a JPEG a word processor shows as the PDF does: RGB or grey, unmasked. */
function jpegAsStored(stream: Mupdf.PDFObject, image: Mupdf.Image): boolean {
  const filters = filterNames(stream);
  if (filters.length !== 1 || filters[0] !== 'DCTDecode') return false;
  if (!stream.get('SMask').isNull() || !stream.get('Mask').isNull() || !stream.get('Decode').isNull()) {
    return false;
  }
  const colorSpace = image.getColorSpace();
  return image.getNumberOfComponents() <= 3 && !!colorSpace && (colorSpace.isRGB() || colorSpace.isGray());
}

function encoded(mupdf: typeof Mupdf, image: Mupdf.Image, asJpeg: boolean): Buffer {
  let pixmap = image.toPixmap();
  try {
    const colorSpace = pixmap.getColorSpace();
    if (!colorSpace || !(colorSpace.isRGB() || colorSpace.isGray()) || (asJpeg && pixmap.getAlpha())) {
      const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, !asJpeg);
      pixmap.destroy();
      pixmap = rgb;
    }
    return Buffer.from(asJpeg ? pixmap.asJPEG(REENCODED_JPEG_QUALITY, false) : pixmap.asPNG());
  } finally {
    pixmap.destroy();
  }
}

/**
 * The JPEG without its Exif segments (APP1 "Exif"): a PDF shows a JPEG's pixels as stored, while Word
 * and PowerPoint turn a picture by its Exif Orientation, so a camera photo would come out sideways;
 * the camera's other Exif data (GPS position, serial number) is no part of the page either. The
 * compressed image itself is untouched. Null when the marker structure is not what JPEG promises.
 */
export function withoutExif(jpeg: Buffer): Buffer | null {
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let removed = false;
  let at = 2;
  for (;;) {
    if (at + 4 > jpeg.length || jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1] ?? 0;
    // start of scan: the compressed data follows, no more metadata segments
    if (marker === 0xda) break;
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) return null;
    const exif = marker === 0xe1 && jpeg.subarray(at + 4, at + 10).toString('latin1') === 'Exif\0\0';
    if (exif) removed = true;
    else kept.push(jpeg.subarray(at, end));
    at = end;
  }
  return removed ? Buffer.concat([...kept, jpeg.subarray(at)]) : jpeg;
}

/** The picture's bytes, or null for decoration, oversized or undecodable images (left out). */
export function pictureBytes(
  mupdf: typeof Mupdf,
  image: Mupdf.Image,
  streams: PageImageStreams,
): PictureBytes | null {
  const width = image.getWidth();
  const height = image.getHeight();
  if (width * height < MIN_IMAGE_PIXELS || width * height > MAX_IMAGE_PIXELS) return null;
  try {
    const stream = streams.streamOf(mupdf, image);
    if (stream && jpegAsStored(stream, image)) {
      const raw = Buffer.from(stream.readRawStream().asUint8Array());
      // a JPEG begins with its SOI marker; anything else is re-encoded rather than trusted
      const jpeg = raw[0] === 0xff && raw[1] === 0xd8 ? withoutExif(raw) : null;
      if (jpeg) return { data: jpeg, format: 'jpg', width, height };
    }
    const isJpeg = !!stream && filterNames(stream).includes('DCTDecode');
    return { data: encoded(mupdf, image, isJpeg), format: isJpeg ? 'jpg' : 'png', width, height };
  } catch {
    // an image MuPDF cannot decode is left out rather than failing the page
    return null;
  }
}
