/**
 * Page rotation written in-process as an incremental update: each chosen page's dictionary copied
 * byte for byte with its /Rotate set, appended with a new cross-reference section that points at the
 * copies (ISO 32000-1 §7.5.6). Every other byte of the file stays as it was, so nothing a reader sees
 * changes but the rotation. A rotate of a small file was a qpdf process (with its spawn, ~9 ms of
 * CPU a request, the job's largest share: `npm run bench -- small-jobs`); files it does not read
 * exactly (pdf-raw-facts.ts) and odd rotations (indirect, not a multiple of 90) go to qpdf as before.
 *
 * It checks its own output: the result is read back with the same strict reader, and unless every
 * page is there with the rotation asked for, the caller gets undefined and qpdf does the job.
 */
import { int, type PdfValue } from './pdf-object-reader';
import { type RawPageTree, rawPageTree } from './pdf-raw-facts';
import { dictionaryWith, incrementalUpdate, type UpdatedObject } from './pdf-raw-update';

/** A page's rotation as a reader shows it (0, 90, 180, 270); undefined for anything else. */
function rotationOf(value: PdfValue | undefined): number | undefined {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value % 90 !== 0) return undefined;
  return ((value % 360) + 360) % 360;
}

/**
 * `bytes` with the 1-based `pageNumbers` of `tree` (read from `bytes`) turned clockwise by `angle`;
 * undefined when this cannot be done exactly, and qpdf must.
 */
export function rotateRaw(
  bytes: Buffer,
  tree: RawPageTree,
  pageNumbers: readonly number[],
  angle: 90 | 180 | 270,
): Buffer | undefined {
  const size = int(tree.sections[0]?.trailer.Size);
  if (size === undefined || tree.pages.some((page) => page.ref.ref >= size)) return undefined;
  const expected = tree.pages.map((page) => rotationOf(page.rotate));
  const chosen = [...new Set(pageNumbers)].sort((a, b) => a - b);
  const objects: UpdatedObject[] = [];
  for (const pageNumber of chosen) {
    const page = tree.pages[pageNumber - 1];
    const current = expected[pageNumber - 1];
    if (!page || current === undefined) return undefined;
    const rotation = (current + angle) % 360;
    expected[pageNumber - 1] = rotation;
    const { ref, generation } = page.ref;
    objects.push({ number: ref, generation, body: dictionaryWith(page.source, 'Rotate', String(rotation)) });
  }
  const update = incrementalUpdate(tree, bytes.length, objects);
  if (!update) return undefined;
  const result = Buffer.concat([bytes, update.bytes]);
  return readsBackAs(result, expected) ? result : undefined;
}

/** True when `result` reads exactly, with every page there and turned as `expected` says. */
function readsBackAs(result: Buffer, expected: (number | undefined)[]): boolean {
  const tree = rawPageTree(result);
  return (
    tree !== undefined &&
    tree.pages.length === expected.length &&
    tree.pages.every((page, index) => rotationOf(page.rotate) === expected[index])
  );
}
