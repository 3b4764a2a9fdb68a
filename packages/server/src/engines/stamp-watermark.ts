/**
 * Draws a text watermark on every page with pdf-lib: real text in a standard font (so it can be found
 * and copied), with its own transparency (ExtGState ca/CA), colours and text rendering mode (Tr).
 * Placement is computed in the page as the reader sees it: inside the crop box, upright after the
 * page's /Rotate, then turned by the user's angle, and kept inside the page at every alignment.
 * The page's own content is wrapped in q/Q first, so a content stream that leaves the graphics
 * state changed cannot move or recolour the watermark. It runs in a worker thread, as the registered
 * task `stamp-watermark` (mupdf-worker/worker-tasks.ts), never on the server thread.
 */
import {
  beginText,
  concatTransformationMatrix,
  endText,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib';

export type HorizontalAlignment = 'left' | 'center' | 'right';
export type VerticalAlignment = 'top' | 'center' | 'bottom';
export type WatermarkRenderingMode = 'filltext' | 'stroketext' | 'fillstroke' | 'invisible';

export interface WatermarkOptions {
  text: string;
  horizontal: HorizontalAlignment;
  vertical: VerticalAlignment;
  /** 0..1 */
  opacity: number;
  fontSize: number;
  /** Degrees, counter-clockwise as the reader sees the page. */
  rotate: number;
  mode: WatermarkRenderingMode;
  /** [r, g, b] in 0..1 */
  fontColor: readonly [number, number, number];
  strokeColor: readonly [number, number, number];
}

const RENDERING_MODES: Record<WatermarkRenderingMode, TextRenderingMode> = {
  filltext: TextRenderingMode.Fill,
  stroketext: TextRenderingMode.Outline,
  fillstroke: TextRenderingMode.FillAndOutline,
  invisible: TextRenderingMode.Invisible,
};

export const WATERMARK_FONT = StandardFonts.HelveticaBold;

/** Distance from the page edge for left/right/top/bottom, in points. */
const MARGIN = 24;

type Matrix = [number, number, number, number, number, number];

/** Maps the reader's view of the crop box (origin bottom-left, upright) to the page's user space. */
function viewToUserSpace(page: PDFPage): { matrix: Matrix; width: number; height: number } {
  const { x, y, width, height } = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  switch (rotation) {
    case 90:
      return { matrix: [0, 1, -1, 0, x + width, y], width: height, height: width };
    case 180:
      return { matrix: [-1, 0, 0, -1, x + width, y + height], width, height };
    case 270:
      return { matrix: [0, -1, 1, 0, x, y + height], width: height, height: width };
    default:
      return { matrix: [1, 0, 0, 1, x, y], width, height };
  }
}

/** The text matrix that puts the text's centre where the alignment asks, turned by `rotate`. */
function textMatrix(font: PDFFont, options: WatermarkOptions, viewWidth: number, viewHeight: number): Matrix {
  const width = font.widthOfTextAtSize(options.text, options.fontSize);
  const height = font.heightAtSize(options.fontSize, { descender: false });
  const angle = (options.rotate * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Half extents of the turned text box, so aligned text stays on the page.
  const halfX = (Math.abs(width * cos) + Math.abs(height * sin)) / 2;
  const halfY = (Math.abs(width * sin) + Math.abs(height * cos)) / 2;
  const centerX = { left: MARGIN + halfX, center: viewWidth / 2, right: viewWidth - MARGIN - halfX }[
    options.horizontal
  ];
  const centerY = { bottom: MARGIN + halfY, center: viewHeight / 2, top: viewHeight - MARGIN - halfY }[
    options.vertical
  ];
  // Text origin = centre - R(angle) * (width / 2, height / 2).
  const offsetX = width / 2;
  const offsetY = height / 2;
  return [
    cos,
    sin,
    -sin,
    cos,
    centerX - (cos * offsetX - sin * offsetY),
    centerY - (sin * offsetX + cos * offsetY),
  ];
}

export async function stampWatermark(input: Uint8Array, options: WatermarkOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.load(input, { updateMetadata: false });
  const font = await doc.embedFont(WATERMARK_FONT);
  const encoded = font.encodeText(options.text);
  const state = doc.context.register(
    doc.context.obj({ Type: 'ExtGState', ca: options.opacity, CA: options.opacity }),
  );
  const openState = doc.context.register(doc.context.stream('q'));

  for (const page of doc.getPages()) {
    page.node.normalize();
    const fontName = page.node.newFontDictionary('DocstudioWatermark', font.ref);
    const stateName = page.node.newExtGState('DocstudioWatermark', state);
    const view = viewToUserSpace(page);
    const [a, b, c, d, e, f] = textMatrix(font, options, view.width, view.height);
    const operators = [
      popGraphicsState(),
      pushGraphicsState(),
      setGraphicsState(stateName),
      concatTransformationMatrix(...view.matrix),
      setFillingRgbColor(...options.fontColor),
      setStrokingRgbColor(...options.strokeColor),
      setLineWidth(Math.max(0.5, options.fontSize / 40)),
      beginText(),
      setFontAndSize(fontName, options.fontSize),
      setTextRenderingMode(RENDERING_MODES[options.mode]),
      setTextMatrix(a, b, c, d, e, f),
      showText(encoded),
      endText(),
      popGraphicsState(),
    ];
    const closeAndStamp = doc.context.register(
      doc.context.stream(operators.map((operator) => operator.toString()).join('\n')),
    );
    if (!page.node.wrapContentStreams(openState, closeAndStamp)) {
      page.node.set(PDFName.of('Contents'), doc.context.obj([openState, closeAndStamp]));
    }
  }
  return doc.save({ useObjectStreams: true, updateFieldAppearances: false });
}
