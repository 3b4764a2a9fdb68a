/** The preview parts of the watermark, redaction and compress pages, as a user sees them. */
import type { Locator } from '@playwright/test';

export interface DrawnBox {
  x: number;
  y: number;
  width: number;
  height: number;
  kind: string;
}

/** The redaction boxes drawn over the page pictures, in the page's points (the overlay's viewBox). */
export async function redactionBoxes(root: Locator): Promise<DrawnBox[]> {
  return root.locator('[data-part="redaction-box"]').evaluateAll((rects) =>
    rects.map((rect) => ({
      x: Number(rect.getAttribute('x')),
      y: Number(rect.getAttribute('y')),
      width: Number(rect.getAttribute('width')),
      height: Number(rect.getAttribute('height')),
      kind: rect.getAttribute('data-kind') ?? '',
    })),
  );
}

/** The watermark preview: its centre (points, top-left origin) and drawn width in points. */
export async function watermarkPlacement(
  root: Locator,
): Promise<{ centerX: number; centerY: number; width: number }> {
  return root.locator('[data-part="watermark-preview"]').evaluate((preview) => {
    const svg = preview.querySelector('svg');
    const group = preview.querySelector('[data-part="watermark-text"]')?.parentElement;
    const text = preview.querySelector('[data-part="watermark-text"]');
    if (!svg || !group || !text) throw new Error('no watermark preview');
    const [, , pageWidth] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const match = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(group.getAttribute('transform') ?? '');
    const scale = (pageWidth ?? 0) / svg.getBoundingClientRect().width;
    return {
      centerX: Number(match?.[1]),
      centerY: Number(match?.[2]),
      width: text.getBoundingClientRect().width * scale,
    };
  });
}
