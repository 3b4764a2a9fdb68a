/** File names: extension, ignored system files, and the MIME type a browser would have given. */

/** OS clutter that a folder drop brings along; silently left out (spec part 1, section 5). */
const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db']);

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  dot: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  wpd: 'application/vnd.wordperfect',
  rtf: 'text/rtf',
  log: 'text/plain',
  txt: 'text/plain',
  csv: 'text/csv',
  potx: 'application/vnd.openxmlformats-officedocument.presentationml.template',
  pps: 'application/vnd.ms-powerpoint',
  ppt: 'application/vnd.ms-powerpoint',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsb: 'application/vnd.ms-excel.sheet.binary.macroenabled.12',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
};

/** The last part of a path: drops folders from webkitRelativePath-style names, both slash kinds. */
export function baseName(name: string): string {
  if (typeof name !== 'string') return '';
  const parts = name.trim().split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/**
 * Lower-case extension without the dot: 'Report.PDF' gives 'pdf'. A leading dot alone ('.pdf',
 * '.DS_Store') is a hidden name, not an extension, as on every desktop system.
 */
export function fileExtension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isIgnoredFileName(name: string): boolean {
  return IGNORED_NAMES.has(baseName(name).toLowerCase());
}

/** The MIME type for a bare extension ('pdf', any case), or '' when unknown. */
export function mimeTypeForExtension(ext: string): string {
  return MIME_BY_EXTENSION[ext.toLowerCase()] ?? '';
}

/** The MIME type for a name's extension, or '' when unknown (the browser's own answer then). */
export function inferMimeType(name: string): string {
  return mimeTypeForExtension(fileExtension(name));
}

/** 'application/pdf; charset=binary' and 'Application/PDF' both give 'application/pdf'. */
export function normalizeMimeType(type: string): string {
  if (typeof type !== 'string') return '';
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}
