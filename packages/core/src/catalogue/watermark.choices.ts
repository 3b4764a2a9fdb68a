/** Watermark defaults and choices (spec part 2, section 9). */
import type { OptionChoice } from './catalogue.types';

export const WATERMARK_DEFAULT_TEXT = 'CONFIDENTIAL';
export const WATERMARK_QUICK_TEXTS: readonly OptionChoice[] = ['CONFIDENTIAL', 'DRAFT', 'COPY', 'SAMPLE'].map(
  (value) => ({ value, label: value }),
);
export const WATERMARK_TEXT_REQUIRED = 'Please enter watermark text';
/** Longer text no longer fits across a page at the smallest size; the server refuses it. */
export const WATERMARK_TEXT_MAX_LENGTH = 200;

export const HORIZONTAL_ALIGNMENTS: readonly OptionChoice[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];
export const VERTICAL_ALIGNMENTS: readonly OptionChoice[] = [
  { value: 'top', label: 'Top' },
  { value: 'center', label: 'Center' },
  { value: 'bottom', label: 'Bottom' },
];
export const WATERMARK_OPACITY = { min: 10, max: 80, step: 5, default: 30 } as const;
export const WATERMARK_ROTATION = { min: 0, max: 360, step: 15, default: 0 } as const;
export const WATERMARK_COLOR_DEFAULT = '#000000';

export const TEXT_RENDERING_MODES: readonly OptionChoice[] = [
  { value: 'filltext', label: 'Fill' },
  { value: 'stroketext', label: 'Outline' },
  { value: 'fillstroke', label: 'Fill and outline' },
  { value: 'invisible', label: 'Invisible' },
];
export const DEFAULT_TEXT_RENDERING_MODE = 'filltext';

/** The page's size choice and the FontSize each sends. */
export const WATERMARK_SIZES = { small: 12, medium: 24, large: 36 } as const;
export type WatermarkSize = keyof typeof WATERMARK_SIZES;
export const WATERMARK_SIZE_PRESETS: readonly OptionChoice[] = [
  { value: String(WATERMARK_SIZES.small), label: 'Small' },
  { value: String(WATERMARK_SIZES.medium), label: 'Medium' },
  { value: String(WATERMARK_SIZES.large), label: 'Large' },
];
/** The spec names no default size: medium reads well on A4 and Letter without covering content. */
export const DEFAULT_WATERMARK_SIZE: WatermarkSize = 'medium';
/**
 * FontSize on the wire: API and workflow callers may send any size, not only the page's three.
 * 6 pt is the smallest still legible in print; 144 pt fills a page's width with a short word.
 */
export const WATERMARK_FONT_SIZE_RANGE = { min: 6, max: 144 } as const;
