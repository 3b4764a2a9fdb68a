/** Content types for downloads, by extension; unknown types download as octet-stream. */

import { mimeTypeForExtension } from '@docstudio/core';

const OCTET_STREAM = 'application/octet-stream';

// Served as attachments with nosniff, active content (HTML, SVG, XML) is never rendered in this origin.
const NEVER_RENDERED = new Set(['text/html', 'image/svg+xml', 'application/xml']);

// What the converters write as text is UTF-8; saying so keeps browsers from guessing a legacy charset.
const UTF8_TEXT = new Set(['text/plain', 'text/csv']);

export function mimeTypeFor(ext: string): string {
  const type = mimeTypeForExtension(ext);
  if (!type || NEVER_RENDERED.has(type)) return OCTET_STREAM;
  return UTF8_TEXT.has(type) ? `${type}; charset=utf-8` : type;
}
