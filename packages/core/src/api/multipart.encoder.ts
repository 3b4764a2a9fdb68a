/**
 * multipart/form-data encoding as a Blob. Built by hand rather than through FormData so the exact
 * body size is known before sending (real upload percentages in Node, where fetch reports no upload
 * progress) and so the same bytes go out through XHR and fetch. Blob parts reference the file blobs,
 * so a large upload is not copied into memory.
 */
import type { FormValue } from './conversion.types';

export interface EncodedMultipart {
  body: Blob;
  contentType: string;
}

/** Escaping of names in Content-Disposition as the HTML standard's form encoder does it. */
function escapeDispositionValue(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

function randomBoundary(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `----docstudio${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function encodeMultipart(
  fields: ReadonlyArray<readonly [string, FormValue]>,
  boundary = randomBoundary(),
): EncodedMultipart {
  const parts: BlobPart[] = [];
  for (const [name, value] of fields) {
    const disposition = `form-data; name="${escapeDispositionValue(name)}"`;
    if (typeof value === 'string') {
      parts.push(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, value, '\r\n');
    } else {
      const type = value.blob.type || 'application/octet-stream';
      parts.push(
        `--${boundary}\r\nContent-Disposition: ${disposition}; filename="${escapeDispositionValue(value.fileName)}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
        value.blob,
        '\r\n',
      );
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
