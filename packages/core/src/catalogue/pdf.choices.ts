/**
 * Choice lists shared by several tools or by the server: PDF versions, page sizes, compression presets,
 * PDF/A versions, rotation angles, split modes, protect and JPG catalogue-only choices.
 */
import type { OptionChoice } from './catalogue.types';

export const MEGABYTE = 1024 * 1024;

/** Office to PDF (spec part 1, section 3): 1.3 to 1.7, default 1.4. */
export const PDF_VERSIONS: readonly OptionChoice[] = ['1.3', '1.4', '1.5', '1.6', '1.7'].map((value) => ({
  value,
  label: `PDF ${value}`,
}));
export const DEFAULT_PDF_VERSION = '1.4';

/** Images to PDF: 'default' keeps each image's own size and orientation and is never sent. */
export const PAGE_SIZES: readonly OptionChoice[] = [
  { value: 'default', label: 'Image size' },
  { value: 'a4', label: 'A4' },
  { value: 'a3', label: 'A3' },
  { value: 'a5', label: 'A5' },
  { value: 'letter', label: 'Letter' },
  { value: 'legal', label: 'Legal' },
];
export const PAGE_ORIENTATIONS: readonly OptionChoice[] = [
  { value: 'default', label: 'Image orientation' },
  { value: 'portrait', label: 'Portrait' },
  { value: 'landscape', label: 'Landscape' },
];
/** Image margins in mm (spec part 1, section 5). */
export const IMAGE_MARGIN_RANGE = { min: 0, max: 500, default: 0 } as const;

export interface CompressionPreset {
  value: 'text' | 'archive' | 'web' | 'ebook' | 'printer';
  label: string;
  dpi: number;
}
/** Compression presets and the image resolution each targets (spec part 2, section 9). */
export const COMPRESSION_PRESETS: readonly CompressionPreset[] = [
  { value: 'text', label: 'Text (20 DPI, smallest)', dpi: 20 },
  { value: 'archive', label: 'Archive (40 DPI)', dpi: 40 },
  { value: 'web', label: 'Web (75 DPI)', dpi: 75 },
  { value: 'ebook', label: 'eBook (150 DPI, balanced)', dpi: 150 },
  { value: 'printer', label: 'Printer (300 DPI, best quality)', dpi: 300 },
];
/**
 * The spec gives no default. ebook (150 DPI) keeps text and pictures sharp on screen while still
 * shrinking most scans and photo-heavy files a lot; text (20 DPI) would make images unreadable.
 */
export const DEFAULT_COMPRESSION_PRESET = 'ebook';

/** PDF/A versions sent as PdfaVersion (spec part 2, section 7). */
export const PDFA_VERSIONS: readonly OptionChoice[] = [
  { value: 'PdfA1b', label: 'PDF/A-1b' },
  { value: 'PdfA2b', label: 'PDF/A-2b' },
  { value: 'PdfA2u', label: 'PDF/A-2u' },
  { value: 'PdfA3b', label: 'PDF/A-3b' },
  { value: 'PdfA3u', label: 'PDF/A-3u' },
];
export const DEFAULT_PDFA_VERSION = 'PdfA2b';
/** Catalogue-only conformance levels '1A to 3B' (spec part 2, section 9). */
export const PDFA_CONFORMANCE_LEVELS: readonly OptionChoice[] = ['1A', '1B', '2A', '2B', '3A', '3B'].map(
  (value) => ({ value, label: `PDF/A-${value}` }),
);

/** Catalogue-only protect encryption levels. */
export const ENCRYPTION_LEVELS: readonly OptionChoice[] = [
  { value: '40bit', label: '40-bit RC4 (legacy)' },
  { value: '128bit', label: '128-bit AES' },
  { value: '256bit', label: '256-bit AES (strongest)' },
];
/** The spec gives no default: 256-bit AES is the only level that is not broken or deprecated. */
export const DEFAULT_ENCRYPTION_LEVEL = '256bit';
/** PDF 2.0 (AES-256) uses at most 127 bytes of a password; longer ones would be silently cut. */
export const PASSWORD_MAX_LENGTH = 127;

/** Catalogue-only PDF to JPG choices. */
export const JPG_QUALITY_RANGE = { min: 1, max: 100, default: 95 } as const;
export const JPG_RESOLUTIONS: readonly OptionChoice[] = [
  { value: '150', label: '150 DPI (screen)' },
  { value: '300', label: '300 DPI (print)' },
  { value: '600', label: '600 DPI (high detail)' },
];
/** The spec gives no default: 150 DPI is sharp on screen and keeps a page's JPG to a few hundred KB. */
export const DEFAULT_JPG_RESOLUTION = '150';

/** Rotate (spec part 2): angle 90, 180 or 270, default 90; pages default '1-99', 'all' is not sent. */
export const ROTATE_ANGLES: readonly OptionChoice[] = [
  { value: '90', label: '90° clockwise' },
  { value: '180', label: '180°' },
  { value: '270', label: '270° (90° counter-clockwise)' },
];
export const DEFAULT_ROTATE_ANGLE = '90';
export const DEFAULT_ROTATE_PAGES = '1-99';

export interface SplitMode {
  value: 'all' | 'pages' | 'chunks';
  label: string;
  /** The wire field this mode fills; 'all' sends SplitByPattern=1. */
  field: 'ExtractPages' | 'SplitByPattern';
}
/** Split modes (spec part 2, sections 2 and 7). The mode itself is never sent. */
export const SPLIT_MODES: readonly SplitMode[] = [
  { value: 'all', label: 'All pages', field: 'SplitByPattern' },
  { value: 'pages', label: 'Specific pages', field: 'ExtractPages' },
  { value: 'chunks', label: 'Chunks', field: 'SplitByPattern' },
];
export const SPLIT_CHUNK_RANGE = { min: 1, default: 1 } as const;
/** Split's Download All starts each download in turn with this pause. */
export const SPLIT_DOWNLOAD_PAUSE_MS = 500;
