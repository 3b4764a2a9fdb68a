/**
 * Who may read a stored file. By default the FileId alone grants it for the file's whole retention
 * (the provider's contract: a result Url can be shared like a link). With DOWNLOADS_REQUIRE_OWNER on,
 * a file is bound to the account that stored it:
 * - `GET /api/d/{FileId}` and a FileId (or own Url) given as a conversion input need the owner's
 *   bearer token; anyone else, or no token, reads it as unknown (404, never "forbidden", so the id
 *   does not reveal that the file exists);
 * - the result Urls of answers are short-lived signed links instead (`?expires=…&signature=…`,
 *   HMAC-SHA256 over FileId, owner and expiry under the 'download-links' key), so a browser's plain
 *   `<a href download>` (the studio, partner elements) and the provider's clients still download
 *   without a header; GET /job/{JobId} signs them afresh for each answer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type KeyRing, purposeKey, type StorageKey } from '../storage/key-ring';
import { downloadUrlFor, type ServerContext } from './server-context';

export interface LinkQuery {
  expires?: unknown;
  signature?: unknown;
}

const signature = (key: StorageKey, fileId: string, ownerId: string, expires: number): Buffer =>
  createHmac('sha256', purposeKey(key, 'download-links'))
    .update(`${fileId}\n${ownerId}\n${expires}`)
    .digest();

/** A download Url of this server with a signature valid for DOWNLOAD_LINK_MINUTES from now. */
export function signDownloadUrl(
  context: ServerContext,
  url: string,
  fileId: string,
  ownerId: string,
  now = Date.now(),
): string {
  const signed = new URL(url);
  const expires = Math.floor(now / 1000) + context.config.downloadLinkMinutes * 60;
  signed.search = '';
  signed.searchParams.set('expires', String(expires));
  signed.searchParams.set(
    'signature',
    signature(context.keys.current, fileId, ownerId, expires).toString('base64url'),
  );
  return signed.href;
}

/** True when the query carries an unexpired signature for this file and owner (current or previous key). */
export function hasValidSignature(
  keys: KeyRing,
  fileId: string,
  ownerId: string,
  query: LinkQuery,
  now = Date.now(),
): boolean {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || expires * 1000 <= now || typeof query.signature !== 'string')
    return false;
  const given = Buffer.from(query.signature, 'base64url');
  return [keys.current, keys.previous].some((key) => {
    if (!key) return false;
    const expected = signature(key, fileId, ownerId, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** How an answer names a stored result: the plain Url, or a signed link when files are bound to owners. */
export function resultUrlMaker(
  context: ServerContext,
  base: string,
  ownerId: string,
): (fileId: string, fileName: string) => string {
  return (fileId, fileName) => {
    const url = downloadUrlFor(base, fileId, fileName);
    return context.config.downloadsRequireOwner ? signDownloadUrl(context, url, fileId, ownerId) : url;
  };
}

/** A stored answer with its result links signed again (GET /job answers long after the run). */
export function withFreshLinks<T>(context: ServerContext, answer: T, ownerId: string): T {
  const files = (answer as { Files?: unknown } | undefined)?.Files;
  if (!context.config.downloadsRequireOwner || !Array.isArray(files)) return answer;
  return {
    ...answer,
    Files: files.map((file: { FileId?: unknown; Url?: unknown }) =>
      typeof file.FileId === 'string' && typeof file.Url === 'string'
        ? { ...file, Url: signDownloadUrl(context, file.Url, file.FileId, ownerId) }
        : file,
    ),
  };
}

/**
 * Whether a reader may have a file owned by `ownerId`: always when the setting is off; else the owner
 * (`readerId`, from a verified bearer token) or anyone holding a valid signed link.
 */
export function mayReadFile(
  context: ServerContext,
  readerId: string | undefined,
  file: { id: string; ownerId: string },
  link: LinkQuery = {},
): boolean {
  if (!context.config.downloadsRequireOwner || readerId === file.ownerId) return true;
  return hasValidSignature(context.keys, file.id, file.ownerId, link);
}
