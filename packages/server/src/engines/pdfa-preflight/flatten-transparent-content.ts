/**
 * PDF/A-1 forbids transparency, and Ghostscript answers a page whose own content uses it (constant
 * alpha, soft masks, blend modes, pictures with an alpha channel) by rasterising the whole page: no
 * text, no fonts. Instead only the transparent objects are flattened, before Ghostscript sees them:
 * 1. a MuPDF device lists where the page draws anything transparent (areas merged when they touch);
 * 2. each area is rendered as the page shows it (all its layers composited, opaque) and that picture
 *    is drawn over the page, exactly there;
 * 3. the page's graphics states, pictures and forms are made opaque, so nothing transparent is left.
 * Text and fonts outside the areas stay as they were; text inside an area stays in the page (it is
 * found, selected and copied) with its look now coming from the picture over it.
 */
import type * as Mupdf from 'mupdf';
import { borrowedShade } from '../pdf-structure';

type Rect = [number, number, number, number];

/** Resolution of the flattened areas: text inside them stays readable when printed. */
const FLATTEN_DPI = 200;
/** Pixels of one flattened area at most (a whole A4 page at 200 dpi is 3.9 MP). */
const MAX_AREA_PIXELS = 16_000_000;
/** Points added around an area so anti-aliased edges are inside the picture. */
const MARGIN = 1;
/** More separate areas than this on one page become one (their bounding box): fewer, larger pictures. */
const MAX_AREAS = 48;
/** Forms, patterns and soft masks inside each other are made opaque this deep. */
const MAX_DEPTH = 8;

const union = (a: Rect, b: Rect): Rect => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];
const touches = (a: Rect, b: Rect): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Areas that touch become one, so a stack of translucent shapes is one picture. */
function mergeAreas(areas: Rect[]): Rect[] {
  const merged: Rect[] = [];
  for (const area of areas) {
    let current = area;
    for (let i = merged.length - 1; i >= 0; i--) {
      const other = merged[i] as Rect;
      if (touches(current, other)) {
        current = union(current, other);
        merged.splice(i, 1);
      }
    }
    merged.push(current);
  }
  // a merge can make an earlier area touch another one: repeat until stable
  return merged.length === areas.length ? merged : mergeAreas(merged);
}

const intersect = (a: Rect, b: Rect): Rect => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.min(a[2], b[2]),
  Math.min(a[3], b[3]),
];
const isEmpty = (r: Rect): boolean => !(r[2] > r[0] && r[3] > r[1]);

/**
 * What the device keeps per nesting level: a clip (drawing is bounded by it), a soft mask being
 * defined (its drawing is the mask, not the page), the content a soft mask applies to, or a group.
 * Masked content and transparent groups collect the bounds of what is drawn inside them: their own
 * area is often the whole page, what they really cover is what they draw.
 */
interface Level {
  kind: 'clip' | 'mask-definition' | 'masked' | 'group';
  clip: Rect;
  transparent: boolean;
  drawn?: Rect;
}

/** Where the page's content draws something transparent, in MuPDF's page space (points, y down). */
function transparentAreas(mupdf: typeof Mupdf, page: Mupdf.PDFPage): Rect[] {
  const pageBox = page.getBounds() as Rect;
  const areas: Rect[] = [];
  const stack: Level[] = [];
  const clip = (): Rect => stack[stack.length - 1]?.clip ?? pageBox;
  const pushClip = (bounds: readonly number[]): void => {
    stack.push({ kind: 'clip', clip: intersect(clip(), bounds as Rect), transparent: false });
  };
  /** A drawing: transparent itself, or inside something transparent that collects it. */
  const drawn = (bounds: readonly number[], transparent: boolean): void => {
    if (stack.some((level) => level.kind === 'mask-definition')) return;
    const box = intersect(clip(), bounds as Rect);
    if (isEmpty(box)) return;
    const collector = [...stack].reverse().find((level) => level.drawn !== undefined);
    if (collector?.drawn) collector.drawn = union(collector.drawn, box);
    else if (transparent) areas.push(box);
  };
  /** A group or masked content ends: what it drew is transparent (or joins the level around it). */
  const close = (level: Level | undefined): void => {
    if (!level?.drawn || isEmpty(level.drawn)) return;
    drawn(level.drawn, level.transparent);
  };
  const unitSquare = (ctm: Mupdf.Matrix): Mupdf.Rect => mupdf.Rect.transform([0, 0, 1, 1], ctm);
  const noStroke = null as unknown as Mupdf.StrokeState;
  const nothing: Rect = [Infinity, Infinity, -Infinity, -Infinity];
  const device = new mupdf.Device({
    fillPath: (path, _evenOdd, ctm, _cs, _color, alpha) => drawn(path.getBounds(noStroke, ctm), alpha < 1),
    strokePath: (path, stroke, ctm, _cs, _color, alpha) => drawn(path.getBounds(stroke, ctm), alpha < 1),
    fillText: (text, ctm, _cs, _color, alpha) => drawn(text.getBounds(noStroke, ctm), alpha < 1),
    strokeText: (text, stroke, ctm, _cs, _color, alpha) => drawn(text.getBounds(stroke, ctm), alpha < 1),
    fillShade(shade, ctm, alpha) {
      try {
        drawn(mupdf.Rect.transform(shade.getBounds(), ctm), alpha < 1);
      } finally {
        borrowedShade(mupdf, shade);
      }
    },
    // a picture with a soft mask (an alpha channel) blends with what is beneath it
    fillImage: (image, ctm, alpha) => drawn(unitSquare(ctm), alpha < 1 || image.getMask() !== null),
    fillImageMask: (_image, ctm, _cs, _color, alpha) => drawn(unitSquare(ctm), alpha < 1),
    clipPath: (path, _evenOdd, ctm) => pushClip(path.getBounds(noStroke, ctm)),
    clipStrokePath: (path, stroke, ctm) => pushClip(path.getBounds(stroke, ctm)),
    clipText: (text, ctm) => pushClip(text.getBounds(noStroke, ctm)),
    clipStrokeText: (text, stroke, ctm) => pushClip(text.getBounds(stroke, ctm)),
    clipImageMask: (_image, ctm) => pushClip(unitSquare(ctm)),
    popClip: () => close(stack.pop()),
    beginMask: (area) => {
      stack.push({ kind: 'mask-definition', clip: intersect(clip(), area as Rect), transparent: true });
    },
    endMask: () => {
      const definition = stack.pop();
      // MuPDF closes a soft mask with popClip once the masked content is drawn
      stack.push({ kind: 'masked', clip: definition?.clip ?? clip(), transparent: true, drawn: nothing });
    },
    beginGroup: (area, _cs, _isolated, knockout, blendmode, alpha) => {
      const transparent = alpha < 1 || blendmode !== 'Normal' || knockout;
      // an opaque group collects nothing: what is transparent inside it counts on its own
      const level: Level = { kind: 'group', clip: intersect(clip(), area as Rect), transparent };
      stack.push(transparent ? { ...level, drawn: nothing } : level);
    },
    endGroup: () => close(stack.pop()),
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  const padded = areas.map((area) =>
    intersect(pageBox, [area[0] - MARGIN, area[1] - MARGIN, area[2] + MARGIN, area[3] + MARGIN]),
  );
  const found = padded.filter((area) => !isEmpty(area));
  // merging is quadratic: thousands of transparent strokes are one area at once
  if (found.length > MAX_AREAS * 40) return [found.reduce(union)];
  const merged = mergeAreas(found);
  return merged.length > MAX_AREAS ? [merged.reduce(union)] : merged;
}

/** The area as the page shows it, opaque, and the matrix that draws it there in PDF user space. */
function renderArea(
  mupdf: typeof Mupdf,
  page: Mupdf.PDFPage,
  area: Rect,
): { pixmap: Mupdf.Pixmap; placement: Mupdf.Matrix } {
  const points = (area[2] - area[0]) * (area[3] - area[1]);
  const dpi = Math.min(FLATTEN_DPI, 72 * Math.sqrt(MAX_AREA_PIXELS / points));
  const scale = mupdf.Matrix.scale(dpi / 72, dpi / 72);
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = mupdf.Rect.transform(area, scale);
  const pixels: Rect = [Math.floor(x0), Math.floor(y0), Math.ceil(x1), Math.ceil(y1)];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, pixels, false);
  pixmap.clear(255);
  const draw = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  try {
    page.runPageContents(draw, scale);
  } finally {
    draw.close();
    draw.destroy();
  }
  // the picture's own rectangle (whole pixels) back in points, then in the PDF's user space: the
  // unit square of an image, top row first, onto it
  const [fx0, fy0, fx1, fy1] = pixels.map((v) => (v * 72) / dpi) as Rect;
  const onPage: Mupdf.Matrix = [fx1 - fx0, 0, 0, -(fy1 - fy0), fx0, fy1];
  return { pixmap, placement: mupdf.Matrix.concat(onPage, mupdf.Matrix.invert(page.getTransform())) };
}

/** A graphics state that neither blends, fades nor masks. */
function opaqueState(doc: Mupdf.PDFDocument, state: Mupdf.PDFObject): void {
  if (!state.isDictionary()) return;
  if (!state.get('BM').isNull()) state.put('BM', doc.newName('Normal'));
  if (!state.get('CA').isNull()) state.put('CA', 1);
  if (!state.get('ca').isNull()) state.put('ca', 1);
  if (!state.get('SMask').isNull()) state.put('SMask', doc.newName('None'));
}

/** Makes everything the resources can draw opaque (forms, patterns and Type 3 glyphs too). */
function makeResourcesOpaque(
  doc: Mupdf.PDFDocument,
  resources: Mupdf.PDFObject,
  seen: Set<number>,
  depth = 0,
): void {
  if (!resources.isDictionary() || depth > MAX_DEPTH) return;
  const once = (object: Mupdf.PDFObject): boolean => {
    if (!object.isIndirect()) return true;
    if (seen.has(object.asIndirect())) return false;
    seen.add(object.asIndirect());
    return true;
  };
  resources.get('ExtGState').forEach((state) => {
    opaqueState(doc, state);
  });
  resources.get('XObject').forEach((xobject) => {
    if (!once(xobject)) return;
    xobject.delete('SMask');
    xobject.delete('SMaskInData');
    xobject.delete('Group');
    makeResourcesOpaque(doc, xobject.get('Resources'), seen, depth + 1);
  });
  resources.get('Pattern').forEach((pattern) => {
    if (!once(pattern)) return;
    opaqueState(doc, pattern.get('ExtGState'));
    makeResourcesOpaque(doc, pattern.get('Resources'), seen, depth + 1);
  });
  resources.get('Font').forEach((font) => {
    if (once(font)) makeResourcesOpaque(doc, font.get('Resources'), seen, depth + 1);
  });
}

/** Adds `parts` before and after the page's content streams (its own q/Q stay balanced inside). */
function wrapContents(doc: Mupdf.PDFDocument, page: Mupdf.PDFObject, before: string, after: string): void {
  const all = doc.newArray();
  all.push(doc.addStream(Buffer.from(before, 'latin1'), doc.newDictionary()));
  const contents = page.get('Contents');
  if (contents.isArray()) {
    contents.forEach((part) => {
      all.push(part);
    });
  } else if (!contents.isNull()) all.push(contents);
  all.push(doc.addStream(Buffer.from(after, 'latin1'), doc.newDictionary()));
  page.put('Contents', all);
}

/**
 * Draws each transparent area of page `pageIndex` over it as an opaque picture (steps 1 and 2 of the
 * module comment); the page gets its own resource dictionary for them. Returns the number of areas.
 */
export function flattenTransparentAreas(
  mupdf: typeof Mupdf,
  doc: Mupdf.PDFDocument,
  pageIndex: number,
): number {
  const page = doc.loadPage(pageIndex) as Mupdf.PDFPage;
  const pageObject = page.getObject();
  try {
    const areas = transparentAreas(mupdf, page);
    if (areas.length === 0) return 0;
    // its own copy: pages may share one inherited dictionary, and the pictures are this page's
    const inherited = pageObject.getInheritable('Resources');
    const own = doc.newDictionary();
    if (inherited.isDictionary()) {
      inherited.forEach((value, key) => {
        own.put(key, value);
      });
    }
    const xobjects = doc.newDictionary();
    own.get('XObject').forEach((value, key) => {
      xobjects.put(key, value);
    });
    own.put('XObject', xobjects);
    const operators = areas.map((area, index) => {
      const { pixmap, placement } = renderArea(mupdf, page, area);
      const image = new mupdf.Image(pixmap);
      const name = `DsOpaque${pageIndex}_${index}`;
      xobjects.put(name, doc.addImage(image));
      image.destroy();
      pixmap.destroy();
      return `q ${placement.map((v) => Number(v.toFixed(5))).join(' ')} cm /${name} Do Q`;
    });
    pageObject.put('Resources', own);
    wrapContents(doc, pageObject, 'q\n', `\nQ\n${operators.join('\n')}\n`);
    return areas.length;
  } finally {
    page.destroy();
  }
}

/** Step 3: the page's graphics states, pictures, forms and patterns neither blend, fade nor mask. */
export function makePageOpaque(doc: Mupdf.PDFDocument, pageIndex: number): void {
  makeResourcesOpaque(doc, doc.findPage(pageIndex).getInheritable('Resources'), new Set());
}
