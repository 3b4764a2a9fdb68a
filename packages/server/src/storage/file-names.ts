/** User file names as the server keeps them: no folders, no control characters, bounded length. */
import { randomBytes } from 'node:crypto';

/** 144 random bits, url-safe: FileIds, JobIds and subject ids cannot be guessed. */
export function newId(): string {
  return randomBytes(18).toString('base64url');
}

export function sanitizeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return fallback;
  if (cleaned.length <= 200) return cleaned;
  const ext = extensionOf(cleaned);
  return ext ? `${cleaned.slice(0, 190)}.${ext}` : cleaned.slice(0, 200);
}

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  const ext = fileName.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

export function baseNameOf(fileName: string): string {
  const ext = extensionOf(fileName);
  return ext ? fileName.slice(0, -(ext.length + 1)) : fileName;
}
