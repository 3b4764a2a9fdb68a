/**
 * The side card of each tool page (spec part 1, section 2 'a side card of features'; part 2,
 * section 2 'side panels of benefits and tips'): what the tool does, why it helps and how to get a
 * good result. Kept apart from the catalogue entries so the served elements, which never show these
 * cards, do not carry the text. Every claim is one the server's engines make true.
 */
import type { ToolId } from './catalogue.tools';

export interface ToolGuide {
  features?: readonly string[];
  benefits?: readonly string[];
  tips: readonly string[];
}

export const toolGuides: Readonly<Record<ToolId, ToolGuide>> = {
  'office-to-pdf': {
    features: ['Word, Excel and PowerPoint files', 'Page ranges', 'PDF version and PDF/A output'],
    tips: ['Embed unusual fonts in the document so the PDF looks the same everywhere.'],
  },
  'images-to-pdf': {
    features: [
      'JPG, PNG, GIF, TIFF, BMP, WebP and SVG',
      'Page size, orientation and margins',
      'PDF/A output',
    ],
    tips: ['Drop the images in the order you want the pages; remove one with its Remove button.'],
  },
  'web-to-pdf': {
    benefits: ['Keeps a dated copy of a page as it looked', 'Links stay clickable in the PDF'],
    tips: ['Pages behind a sign-in cannot be reached; use a public address.'],
  },
  'html-to-pdf': {
    features: ['Inline CSS and base64 images', 'Scripts run before the page is printed'],
    tips: ['Use print CSS (@page, page-break-before) to control where pages break.'],
  },
  'pdf-to-word': {
    benefits: ['Edit the text instead of retyping it'],
    tips: ['For a scanned PDF, run OCR first for the best text.'],
  },
  'pdf-to-powerpoint': {
    features: ['One slide per PDF page', 'Editable PowerPoint (.pptx) file'],
    tips: ['Landscape PDFs make the best slides.'],
  },
  'pdf-to-excel': {
    features: ['Tables become worksheet cells', 'Numbers, percentages and dates stay real values'],
    tips: ['Scanned tables have no text to extract: run OCR first.'],
  },
  'pdf-to-jpg': {
    features: ['One JPG image per page', 'Every page of the document'],
    tips: ['Need only some pages? Split the PDF first.'],
  },
  'pdf-compress': {
    benefits: ['Smaller files for e-mail and uploads', 'Text stays sharp and searchable'],
    tips: ['Web or eBook suit screen reading; choose Printer for paper.'],
  },
  'pdf-protect': {
    benefits: ['AES-256 encryption', 'An owner password can limit changes'],
    tips: ['Keep the password somewhere safe: it cannot be recovered.'],
  },
  'pdf-unprotect': {
    benefits: ['Open, print and copy without the password prompt'],
    tips: ['You need the current password; this tool does not crack passwords.'],
  },
  'pdf-to-pdfa': {
    benefits: ['Fonts and colours embedded for long-term archiving', 'PDF/A-1b, 2b, 2u, 3b and 3u'],
    tips: ['Choose PDF/A-2b unless your archive asks for another version.'],
  },
  'pdf-merge': {
    features: ['Two or more PDFs in one', 'Your order, changed with Move up and Move down'],
    tips: ['Alt+Arrow keys move the focused file up or down.'],
  },
  'pdf-split': {
    benefits: ['Send only the pages someone needs'],
    tips: ['Page lists take ranges such as 1-3, 7.'],
  },
  'pdf-rotate': {
    benefits: ['Fix sideways scans for good'],
    tips: ['Rotate only some pages by listing them, such as 2, 4-6.'],
  },
  'pdf-watermark': {
    benefits: ['Mark drafts and confidential copies on every page'],
    tips: ['A low opacity keeps the text underneath readable.'],
  },
  'pdf-ocr': {
    benefits: ['Search, select and copy the text of scans'],
    tips: ['Pick the document language; clean, straight scans give the best text.'],
  },
  'pdf-redact': {
    benefits: ['Removed text is gone from the file, not just covered'],
    tips: ['Check the result before you share it, and keep the original somewhere safe.'],
  },
};
