/** Landing category 'PDF Management' (spec part 2): merge, split, rotate, watermark. */
import { PDF_MERGE_ACCEPT, PDF_SINGLE_100MB_ACCEPT } from './accept.rules';
import type { ToolEntry } from './catalogue.types';
import { DEFAULT_ROTATE_ANGLE, DEFAULT_ROTATE_PAGES, ROTATE_ANGLES, SPLIT_CHUNK_RANGE } from './pdf.choices';
import { FILE_REQUIRED_TITLE, PDF_REQUIRED_MESSAGE } from './tool.texts';
import {
  DEFAULT_TEXT_RENDERING_MODE,
  DEFAULT_WATERMARK_SIZE,
  HORIZONTAL_ALIGNMENTS,
  TEXT_RENDERING_MODES,
  VERTICAL_ALIGNMENTS,
  WATERMARK_COLOR_DEFAULT,
  WATERMARK_DEFAULT_TEXT,
  WATERMARK_FONT_SIZE_RANGE,
  WATERMARK_OPACITY,
  WATERMARK_QUICK_TEXTS,
  WATERMARK_ROTATION,
  WATERMARK_SIZE_PRESETS,
  WATERMARK_SIZES,
  WATERMARK_TEXT_MAX_LENGTH,
  WATERMARK_TEXT_REQUIRED,
} from './watermark.choices';

const management = {
  landingCategory: 'PDF Management',
  inputFormats: ['pdf'],
  outputFormats: ['pdf'],
  progress: { step: 10, intervalMs: 200, cap: 90 },
} as const;

const single = { input: 'single-file', accept: PDF_SINGLE_100MB_ACCEPT } as const;
const fileRequired = {
  missingFileTitle: FILE_REQUIRED_TITLE,
  missingFileMessage: PDF_REQUIRED_MESSAGE,
} as const;

export const pdfMerge = {
  ...management,
  id: 'pdf-merge',
  icon: 'merge',
  route: '/pdf-merge',
  title: 'Merge PDF',
  name: 'Merge PDF',
  description: 'Combine several PDFs into one, in the order you choose.',
  workflowCategory: 'Organize',
  endpoint: 'pdf/to/merge',
  // The workflow run's multi-file list writes merge as 'pdf/merge' (spec part 2, section 7).
  workflowEndpoint: 'pdf/merge',
  input: 'multi-file',
  accept: PDF_MERGE_ACCEPT,
  options: [],
  texts: {
    heading: 'Merge PDF Files',
    successTitle: 'PDFs merged!',
    successMessage: 'Your PDF files have been successfully merged.',
    failureTitle: 'Merge failed',
    failureFallback: 'Failed to merge PDFs. Please try again.',
    dropNoun: 'PDF files',
    missingFileTitle: PDF_MERGE_ACCEPT.tooFewTitle,
    missingFileMessage: PDF_MERGE_ACCEPT.tooFewMessage,
    buttonLabel: 'Merge PDFs',
    busyLabel: 'Merging...',
  },
} as const satisfies ToolEntry;

export const pdfSplit = {
  ...management,
  ...single,
  id: 'pdf-split',
  icon: 'scissors',
  route: '/pdf-split',
  title: 'Split PDF',
  name: 'Split PDF',
  description: 'Split a PDF into single pages, chosen pages or equal chunks.',
  workflowCategory: 'Organize',
  endpoint: 'pdf/to/split',
  // The page's mode (all, pages, chunks) is not sent: it picks one of these two fields (SPLIT_MODES).
  options: [
    {
      name: 'ExtractPages',
      label: 'Pages to extract',
      type: 'text',
      placeholder: 'e.g., 1-3, 5',
      hint: 'Each range becomes one file. When set, SplitByPattern is ignored.',
      valueFormat: 'page-groups',
      maxLength: 200,
      sendWhen: 'non-blank',
    },
    {
      name: 'SplitByPattern',
      label: 'Pages per file',
      type: 'number',
      integer: true,
      min: SPLIT_CHUNK_RANGE.min,
      default: SPLIT_CHUNK_RANGE.default,
      sendWhen: 'positive',
    },
  ],
  texts: {
    heading: 'Split PDF Files',
    successTitle: 'PDF split!',
    successMessage: 'Your PDF has been successfully split.',
    failureTitle: 'Split failed',
    failureFallback: 'Failed to split PDF. Please try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Split PDF',
    busyLabel: 'Splitting...',
  },
} as const satisfies ToolEntry;

export const pdfRotate = {
  ...management,
  ...single,
  id: 'pdf-rotate',
  icon: 'rotate-cw',
  route: '/pdf-rotate',
  title: 'Rotate PDF',
  name: 'Rotate PDF',
  description: 'Turn all or some pages of a PDF by 90, 180 or 270 degrees.',
  workflowCategory: 'Organize',
  endpoint: 'pdf/to/rotate',
  options: [
    {
      name: 'RotatePage',
      label: 'Angle',
      type: 'select',
      options: ROTATE_ANGLES,
      default: DEFAULT_ROTATE_ANGLE,
      required: true,
      sendWhen: 'always',
    },
    {
      name: 'PageRange',
      label: 'Pages to rotate',
      type: 'text',
      placeholder: 'e.g., 1,3,5 or all',
      hint: 'Pages past the end of the document are ignored.',
      default: DEFAULT_ROTATE_PAGES,
      valueFormat: 'page-range',
      maxLength: 200,
      sendWhen: 'not-all',
    },
  ],
  texts: {
    heading: 'Rotate PDF Pages',
    successTitle: 'PDF rotated!',
    successMessage: 'Your PDF pages have been successfully rotated.',
    failureTitle: 'Rotation failed',
    failureFallback: 'Failed to rotate PDF. Please try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Rotate PDF',
    busyLabel: 'Rotating...',
  },
} as const satisfies ToolEntry;

const color = <Name extends string>(name: Name, label: string) =>
  ({ name, label, type: 'color', default: WATERMARK_COLOR_DEFAULT, sendWhen: 'always' }) as const;

export const pdfWatermark = {
  ...management,
  ...single,
  id: 'pdf-watermark',
  icon: 'stamp',
  route: '/pdf-watermark',
  title: 'Watermark PDF',
  name: 'Add Watermark',
  description: 'Stamp text such as CONFIDENTIAL or DRAFT across every page.',
  workflowCategory: 'Edit',
  endpoint: 'pdf/to/watermark',
  options: [
    {
      name: 'Text',
      label: 'Watermark text',
      type: 'text',
      required: true,
      requiredMessage: WATERMARK_TEXT_REQUIRED,
      default: WATERMARK_DEFAULT_TEXT,
      presets: WATERMARK_QUICK_TEXTS,
      maxLength: WATERMARK_TEXT_MAX_LENGTH,
      sendWhen: 'always',
    },
    {
      name: 'HorizontalAlignment',
      label: 'Horizontal alignment',
      type: 'select',
      options: HORIZONTAL_ALIGNMENTS,
      default: 'center',
      sendWhen: 'always',
    },
    {
      name: 'VerticalAlignment',
      label: 'Vertical alignment',
      type: 'select',
      options: VERTICAL_ALIGNMENTS,
      default: 'center',
      sendWhen: 'always',
    },
    { name: 'Opacity', label: 'Opacity (%)', type: 'slider', ...WATERMARK_OPACITY, sendWhen: 'always' },
    {
      name: 'FontSize',
      label: 'Size',
      type: 'number',
      integer: true,
      ...WATERMARK_FONT_SIZE_RANGE,
      default: WATERMARK_SIZES[DEFAULT_WATERMARK_SIZE],
      presets: WATERMARK_SIZE_PRESETS,
      sendWhen: 'always',
    },
    { name: 'Rotate', label: 'Rotation (°)', type: 'slider', ...WATERMARK_ROTATION, sendWhen: 'always' },
    {
      name: 'TextRenderingMode',
      label: 'Rendering mode',
      type: 'select',
      options: TEXT_RENDERING_MODES,
      default: DEFAULT_TEXT_RENDERING_MODE,
      sendWhen: 'always',
    },
    color('StrokeColor', 'Outline colour'),
    color('FontColor', 'Text colour'),
  ],
  texts: {
    heading: 'Add PDF Watermark',
    successTitle: 'Watermark added!',
    successMessage: 'Your watermark has been successfully added.',
    failureTitle: 'Watermark failed',
    failureFallback: 'Failed to add watermark. Please try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Add Watermark',
    busyLabel: 'Adding watermark...',
  },
} as const satisfies ToolEntry;

export const pdfManagementTools = [pdfMerge, pdfSplit, pdfRotate, pdfWatermark] as const;
