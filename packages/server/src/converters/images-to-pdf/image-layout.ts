/** Page geometry for images/to/pdf: page sizes in points, orientation, margins in mm, fit and centre. */

export const PAGE_SIZES_PT = {
  a3: [841.89, 1190.55],
  a4: [595.28, 841.89],
  a5: [419.53, 595.28],
  letter: [612, 792],
  legal: [612, 1008],
} as const;

export type PageSizeName = keyof typeof PAGE_SIZES_PT | 'default';
export type Orientation = 'default' | 'portrait' | 'landscape';

export interface LayoutOptions {
  pageSize: PageSizeName;
  orientation: Orientation;
  marginHorizontalMm: number;
  marginVerticalMm: number;
}

export interface Placement {
  pageWidth: number;
  pageHeight: number;
  /** Where the (upright) image goes, in points from the bottom-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const MM = 72 / 25.4;

/**
 * Places an upright image of `widthPt` x `heightPt` (its natural size at its DPI). 'default' page:
 * the image's own size plus the margins. Named pages: the image is scaled down (never up) to fit
 * inside the margins, keeping its aspect ratio, and centred; 'default' orientation follows the image.
 */
export function placeImage(widthPt: number, heightPt: number, options: LayoutOptions): Placement {
  const mx = options.marginHorizontalMm * MM;
  const my = options.marginVerticalMm * MM;
  if (options.pageSize === 'default') {
    let pageWidth = widthPt + 2 * mx;
    let pageHeight = heightPt + 2 * my;
    const wantsSwap =
      (options.orientation === 'landscape' && pageHeight > pageWidth) ||
      (options.orientation === 'portrait' && pageWidth > pageHeight);
    if (wantsSwap) [pageWidth, pageHeight] = [pageHeight, pageWidth];
    return fitInside(widthPt, heightPt, pageWidth, pageHeight, mx, my);
  }
  let [pageWidth, pageHeight] = PAGE_SIZES_PT[options.pageSize] as readonly [number, number];
  const landscape =
    options.orientation === 'landscape' || (options.orientation === 'default' && widthPt > heightPt);
  if (landscape) [pageWidth, pageHeight] = [pageHeight, pageWidth];
  return fitInside(widthPt, heightPt, pageWidth, pageHeight, mx, my);
}

function fitInside(
  w: number,
  h: number,
  pageWidth: number,
  pageHeight: number,
  mx: number,
  my: number,
): Placement {
  const boxW = Math.max(1, pageWidth - 2 * mx);
  const boxH = Math.max(1, pageHeight - 2 * my);
  const scale = Math.min(1, boxW / w, boxH / h);
  const width = w * scale;
  const height = h * scale;
  return { pageWidth, pageHeight, x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height };
}
