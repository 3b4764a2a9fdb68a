/**
 * Independent checks of downloaded results with tools that are not the server's own code paths:
 * qpdf, poppler (pdfinfo, pdftotext), unzip and the JPEG signature.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (command: string, args: string[]): string =>
  execFileSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

export function pdfPageCount(path: string): number {
  return Number(run('qpdf', ['--show-npages', path]).trim());
}

/** qpdf --requires-password exits 0 when a password is needed, 2 when it is not (3 on errors). */
export function requiresPassword(path: string): boolean {
  const result = spawnSync('qpdf', ['--requires-password', path]);
  if (result.status === 0) return true;
  if (result.status === 2) return false;
  throw new Error(`qpdf --requires-password failed on ${path}: ${result.stderr.toString()}`);
}

export function pdfText(path: string, password?: string): string {
  return run('pdftotext', [...(password ? ['-upw', password] : []), '-layout', path, '-']);
}

/** pdfinfo's 'Key: value' lines as a record. */
export function pdfInfo(path: string, extra: string[] = []): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of run('pdfinfo', [...extra, path]).split('\n')) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined) info[match[1].trim()] = match[2].trim();
  }
  return info;
}

export function pdfMetadata(path: string): string {
  return run('pdfinfo', ['-meta', path]);
}

export function zipEntries(path: string): string[] {
  return run('unzip', ['-Z1', path])
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function zipEntryText(path: string, entry: string): string {
  return run('unzip', ['-p', path, entry]);
}

export function isJpeg(path: string): boolean {
  const bytes = readFileSync(path);
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

export function isPdf(path: string): boolean {
  return readFileSync(path).subarray(0, 5).toString('latin1') === '%PDF-';
}

/** qpdf --password=… --decrypt: the decrypted copy at `out` (qpdf fails on a wrong password). */
export function decryptPdf(path: string, password: string, out: string): string {
  run('qpdf', [`--password=${password}`, '--decrypt', path, out]);
  return out;
}

/** The file as qpdf writes it with no other change: sizes of two PDFs compared on equal terms. */
export function rewritePdf(path: string, out: string): string {
  run('qpdf', [path, out]);
  return out;
}
