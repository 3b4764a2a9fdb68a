/**
 * The page's vector art (filled and stroked shapes, chart paths, gradients) without its text and its
 * pictures, as a transparent PNG: the PowerPoint writer lays it behind the editable text boxes and
 * pictures so shapes and charts survive without the text showing twice. A MuPDF device forwards every
 * drawing call to a DrawDevice except text, images and the rules of tables that are rebuilt as tables.
 */
import type * as Mupdf from 'mupdf';
import { pathRulings } from './rulings';
import type { Box, Ruling, Table } from './structure.types';

export interface VectorArt {
  /** Transparent PNG of the whole page. */
  png: Buffer;
  width: number;
  height: number;
}

export interface VectorArtOptions {
  /** Resolution of the PNG; 150 dpi keeps lines crisp on a projected slide. */
  dpi?: number;
  /** Upper bound on the PNG's pixels, whatever the page size. */
  maxPixels?: number;
}

/** Fewer non-white covered pixels than this share of the page is a blank or white background. */
const MIN_INK_SHARE = 0.0005;
const SLACK = 2;

const inside = (r: Ruling, box: Box): boolean =>
  Math.min(r.x0, r.x1) >= box[0] - SLACK &&
  Math.max(r.x0, r.x1) <= box[2] + SLACK &&
  Math.min(r.y0, r.y1) >= box[1] - SLACK &&
  Math.max(r.y0, r.y1) <= box[3] + SLACK;

/** Device callbacks receive colours as plain arrays of the colour space's 1, 3 or 4 components. */
const asColor = (color: number[]): Mupdf.Color => color as Mupdf.Color;

/**
 * mupdf.js 1.28 wraps the shade it hands to a JS device without taking a reference, yet registers
 * the wrapper for dropping when garbage-collected: that second drop corrupts the WebAssembly heap
 * ("memory access out of bounds" later). Unregistering the wrapper leaves the shade to its owner.
 */
export function borrowedShade(mupdf: typeof Mupdf, shade: Mupdf.Shade): void {
  (mupdf.Shade as unknown as { _finalizer?: FinalizationRegistry<number> })._finalizer?.unregister(shade);
}

/** Runs the page through `target` without text, images and ruled-table borders; counts what was drawn. */
function filteringDevice(
  mupdf: typeof Mupdf,
  target: Mupdf.Device,
  tableBoxes: Box[],
  emptyPath: Mupdf.Path,
): { device: Mupdf.Device; drawn: () => number } {
  let drawn = 0;
  const isTableRule = (path: Mupdf.Path, ctm: Mupdf.Matrix, stroked: boolean): boolean => {
    if (tableBoxes.length === 0) return false;
    const rules = pathRulings(path, ctm, stroked);
    return rules?.every((r) => tableBoxes.some((box) => inside(r, box))) === true;
  };
  const device = new mupdf.Device({
    fillPath(path, evenOdd, ctm, colorspace, color, alpha) {
      if (isTableRule(path, ctm, false)) return;
      drawn += 1;
      target.fillPath(path, evenOdd, ctm, colorspace, asColor(color), alpha);
    },
    strokePath(path, stroke, ctm, colorspace, color, alpha) {
      if (isTableRule(path, ctm, true)) return;
      drawn += 1;
      target.strokePath(path, stroke, ctm, colorspace, asColor(color), alpha);
    },
    fillShade(shade, ctm, alpha) {
      drawn += 1;
      try {
        target.fillShade(shade, ctm, alpha);
      } finally {
        borrowedShade(mupdf, shade);
      }
    },
    clipPath: (path, evenOdd, ctm) => target.clipPath(path, evenOdd, ctm),
    clipStrokePath: (path, stroke, ctm) => target.clipStrokePath(path, stroke, ctm),
    // what is painted through text (gradient-filled headings) is text's look: clip it all away,
    // keeping the clip stack balanced for the popClip that follows
    clipText: (_text, ctm) => target.clipPath(emptyPath, false, ctm),
    clipStrokeText: (_text, _stroke, ctm) => target.clipPath(emptyPath, false, ctm),
    clipImageMask: (image, ctm) => target.clipImageMask(image, ctm),
    popClip: () => target.popClip(),
    beginMask: (bbox, luminosity, colorspace, color) =>
      target.beginMask(bbox, luminosity, colorspace, asColor(color)),
    endMask: () => target.endMask(),
    beginGroup: (bbox, colorspace, isolated, knockout, blendmode, alpha) =>
      target.beginGroup(bbox, colorspace, isolated, knockout, blendmode, alpha),
    endGroup: () => target.endGroup(),
    beginTile: (area, view, xstep, ystep, ctm, id, docId) =>
      target.beginTile(area, view, xstep, ystep, ctm, id, docId),
    endTile: () => target.endTile(),
    // fillText, strokeText, ignoreText, fillImage and fillImageMask are left out on purpose
  });
  return { device, drawn: () => drawn };
}

function inkShare(pixmap: Mupdf.Pixmap): number {
  const px = pixmap.getPixels();
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  let ink = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const i = row + x * 4;
      // premultiplied RGBA: any covered pixel that is not white is visible on a white slide
      const a = px[i + 3] ?? 0;
      if (a > 8 && ((px[i] ?? 0) < a - 8 || (px[i + 1] ?? 0) < a - 8 || (px[i + 2] ?? 0) < a - 8)) ink++;
    }
  }
  return width * height > 0 ? ink / (width * height) : 0;
}

/**
 * Renders the page's vector art alone, or returns null when the page has none worth a picture (text
 * only, pictures only, table rules only, or a plain white background).
 */
export function renderVectorArt(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  tables: Table[],
  options: VectorArtOptions = {},
): VectorArt | null {
  const [x0, y0, x1, y1] = page.getBounds();
  const tableBoxes = tables.filter((t) => t.kind === 'ruled').map((t) => t.box);
  const emptyPath = new mupdf.Path();

  // a counting pass first, so text-only pages cost no pixels
  const counter = new mupdf.Device({});
  const probe = filteringDevice(mupdf, counter, tableBoxes, emptyPath);
  try {
    page.run(probe.device, mupdf.Matrix.identity);
  } finally {
    probe.device.close();
    probe.device.destroy();
    counter.destroy();
  }
  if (probe.drawn() === 0) {
    emptyPath.destroy();
    return null;
  }

  const dpi = options.dpi ?? 150;
  const maxPixels = options.maxPixels ?? 8_000_000;
  const area = (((x1 - x0) * dpi) / 72) * (((y1 - y0) * dpi) / 72);
  const scale = (area > maxPixels ? dpi * Math.sqrt(maxPixels / area) : dpi) / 72;
  const width = Math.max(1, Math.ceil((x1 - x0) * scale));
  const height = Math.max(1, Math.ceil((y1 - y0) * scale));
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], true);
  pixmap.clear();
  const draw = new mupdf.DrawDevice(
    mupdf.Matrix.concat(mupdf.Matrix.translate(-x0, -y0), mupdf.Matrix.scale(scale, scale)),
    pixmap,
  );
  const filter = filteringDevice(mupdf, draw, tableBoxes, emptyPath);
  try {
    page.run(filter.device, mupdf.Matrix.identity);
    filter.device.close();
    draw.close();
    if (inkShare(pixmap) < MIN_INK_SHARE) return null;
    return { png: Buffer.from(pixmap.asPNG()), width, height };
  } finally {
    filter.device.destroy();
    draw.destroy();
    pixmap.destroy();
    emptyPath.destroy();
  }
}
