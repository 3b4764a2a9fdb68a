/**
 * Where the server's stamp (packages/server/src/engines/stamp-watermark.ts) puts the watermark, in the
 * page's points as the reader sees it with the origin at the top-left (SVG's space): the same margin,
 * the same half extents of the turned text box (so aligned text stays on the page), the same centre.
 * Helvetica-Bold's ascender (718/1000 of the size) is the text box's height, as pdf-lib measures it.
 */
export type HorizontalAlignment = 'left' | 'center' | 'right';
export type VerticalAlignment = 'top' | 'center' | 'bottom';

/** Distance from the page edge for left/right/top/bottom, in points (the stamp's MARGIN). */
const MARGIN = 24;
/** Helvetica-Bold's ascender: pdf-lib's heightAtSize(size, { descender: false }) / size. */
export const ASCENDER = 0.718;

export interface WatermarkPlacement {
  /** The centre of the text box, top-left origin. */
  centerX: number;
  centerY: number;
  /** Degrees for SVG's rotate() (clockwise on screen): the stamp's angle turns counter-clockwise. */
  svgRotation: number;
  /** From the centre down to the baseline (the box spans the baseline to the ascender). */
  baselineOffset: number;
}

export function placeWatermark(options: {
  pageWidth: number;
  pageHeight: number;
  /** The text's advance width at `fontSize`, in points. */
  textWidth: number;
  fontSize: number;
  /** Degrees, counter-clockwise as the reader sees the page. */
  rotate: number;
  horizontal: HorizontalAlignment;
  vertical: VerticalAlignment;
}): WatermarkPlacement {
  const height = ASCENDER * options.fontSize;
  const angle = (options.rotate * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const halfX = (Math.abs(options.textWidth * cos) + Math.abs(height * sin)) / 2;
  const halfY = (Math.abs(options.textWidth * sin) + Math.abs(height * cos)) / 2;
  const centerX = {
    left: MARGIN + halfX,
    center: options.pageWidth / 2,
    right: options.pageWidth - MARGIN - halfX,
  }[options.horizontal];
  // The stamp measures up from the bottom edge; SVG measures down from the top.
  const fromBottom = {
    bottom: MARGIN + halfY,
    center: options.pageHeight / 2,
    top: options.pageHeight - MARGIN - halfY,
  }[options.vertical];
  return {
    centerX,
    centerY: options.pageHeight - fromBottom,
    svgRotation: -options.rotate,
    baselineOffset: height / 2,
  };
}
