/**
 * A conversion's results as the answer lists them: encrypted into the store (with a download Url),
 * or inline as base64 when the request said StoreFile=false and the file is small enough. A result
 * path outside the job's work folder is refused, whatever the converter claims.
 */
import { readFile, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { ConversionAnswerBody, ResultFileBody } from '@docstudio/core';
import { conversionFailed } from '../contract/errors';
import type { ConverterResultFile } from '../converters/converter.types';
import { extensionOf, sanitizeFileName } from '../storage/file-names';
import type { FileStore } from '../storage/file-store';

/** One result file as the answer lists it: the wire shape, plus what a converter reports about it. */
export interface ResultFileJson extends ResultFileBody {
  /** What a converter reports about this file beyond the provider's fields (pdf/to/redact: `Redaction`). */
  [report: string]: unknown;
}

export interface ConversionAnswer extends ConversionAnswerBody {
  Files: ResultFileJson[];
}

export interface ResultTarget {
  ownerId: string;
  workDir: string;
  storeFile: boolean;
  /** Makes the absolute download Url of a stored result. */
  downloadUrl: (fileId: string, fileName: string) => string;
}

/** Inline results larger than this must be stored instead (StoreFile=false). */
const MAX_INLINE_BYTES = 20 * 1024 * 1024;

function checkResultPath(workDir: string, file: ConverterResultFile): string {
  const absolute = resolve(file.path);
  const inside = relative(workDir, absolute);
  if (!inside || inside.startsWith('..') || resolve(workDir, inside) !== absolute) {
    throw conversionFailed('The converter produced a file outside its work folder.');
  }
  return absolute;
}

export async function storeResults(
  store: FileStore,
  target: ResultTarget,
  results: ConverterResultFile[],
  /** Results already being stored (announced early), by path: taken as they are, not stored again. */
  storedEarly?: ReadonlyMap<string, Promise<ResultFileJson>>,
): Promise<ResultFileJson[]> {
  if (results.length === 0) throw conversionFailed('The conversion produced no file.');
  // each place of the answer: a file, or one being stored already (announced early)
  const files: Array<ResultFileJson | Promise<ResultFileJson>> = [];
  // stored results go to the store in one batch (one transaction, encrypted in parallel), then
  // take their places in the answer's order
  const toStore: (Pick<ConverterResultFile, 'bytes' | 'report'> & {
    at: number;
    path: string;
    fileName: string;
    size: number;
  })[] = [];
  for (const result of results) {
    const storing = storedEarly?.get(result.path);
    if (storing) {
      files.push(storing);
      continue;
    }
    const path = checkResultPath(target.workDir, result);
    const fileName = sanitizeFileName(result.fileName, 'result');
    const { bytes } = result;
    const size = bytes?.length ?? (await stat(path)).size;
    if (!target.storeFile && size <= MAX_INLINE_BYTES) {
      const data = bytes ?? (await readFile(path));
      files.push({
        FileName: fileName,
        FileExt: extensionOf(fileName),
        FileSize: size,
        FileData: data.toString('base64'),
        ...result.report,
      });
      continue;
    }
    toStore.push({ at: files.length, path, fileName, size, bytes, report: result.report });
    files.push({ FileName: fileName, FileExt: extensionOf(fileName), FileSize: size });
  }
  const stored = await store.saveManyFromPaths(
    toStore.map(({ path, size, bytes, fileName }) => ({
      path,
      size,
      bytes,
      options: { ownerId: target.ownerId, fileName, kind: 'result' },
    })),
  );
  for (const [i, file] of stored.entries()) {
    const place = toStore[i] as (typeof toStore)[number];
    files[place.at] = {
      FileName: file.fileName,
      FileExt: file.ext,
      FileSize: file.size,
      FileId: file.id,
      Url: target.downloadUrl(file.id, file.fileName),
      ...place.report,
    };
  }
  return Promise.all(files);
}
