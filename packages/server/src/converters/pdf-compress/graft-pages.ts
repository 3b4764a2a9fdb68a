/**
 * Puts the content of some pages of one PDF (the donor) onto pages of another (the target), in place:
 * the target's page objects keep their identity, so bookmarks, links and named destinations that
 * point at them still do (qpdf's `--pages` would replace the page objects and leave those dangling).
 * Used by compress when Ghostscript's current interpreter changed the text of a few pages: its
 * former interpreter rewrites just those pages, and their content is grafted onto the result.
 *
 * Done with qpdf alone: the donor's page content and resources, read as qpdf JSON (stream data raw,
 * still filtered), are renumbered past the target's objects and written into it with
 * `--update-from-json`; objects no page uses any more are not written.
 */
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runQpdf } from '../../engines/qpdf';

export interface Graft {
  /** 1-based page of the target whose content is replaced. */
  targetPage: number;
  /** 1-based page of the donor whose content replaces it. */
  donorPage: number;
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type Dict = { [key: string]: JsonValue };
type QpdfObject = { value?: JsonValue; stream?: { dict: Dict; data?: string } };
interface QpdfJson {
  pages: { object: string }[];
  qpdf: [{ maxobjectid: number } & Dict, Record<string, QpdfObject>];
}

/** Raised when the donor's pages cannot stand in for the target's (another size or turn). */
export class GraftRefused extends Error {}

const REFERENCE = /^(\d+) (\d+) R$/;
/** The donor is read whole into memory (as base64 JSON): larger ones are refused. */
const MOST_DONOR_BYTES = 16 * 1024 * 1024;
/** Attributes a page inherits from its parents and that place its content on the sheet. */
const GEOMETRY = ['/MediaBox', '/CropBox', '/Rotate'] as const;

async function qpdfJson(pdf: string, json: string, streamData: boolean, options: GraftOptions) {
  const data = streamData ? ['--json-stream-data=inline', '--decode-level=none'] : [];
  await runQpdf(['--json=2', '--json-key=pages', '--json-key=qpdf', ...data, pdf, json], options);
  const parsed = JSON.parse(await readFile(json, 'utf8')) as QpdfJson;
  await rm(json, { force: true });
  return parsed;
}

const objectOf = (json: QpdfJson, ref: string): QpdfObject | undefined => json.qpdf[1][`obj:${ref}`];
const dictOf = (json: QpdfJson, ref: string): Dict => {
  const object = objectOf(json, ref);
  return (object?.stream?.dict ?? object?.value ?? {}) as Dict;
};

/** A page attribute as written, looked up through its parents as a viewer does. */
function inherited(json: QpdfJson, pageRef: string, key: string): JsonValue | undefined {
  let ref: JsonValue | undefined = pageRef;
  for (let depth = 0; typeof ref === 'string' && depth < 64; depth += 1) {
    const dict = dictOf(json, ref);
    if (dict[key] !== undefined) return dict[key];
    ref = dict['/Parent'];
  }
  return undefined;
}

/** A page's geometry attribute, comparable across files (one reference resolved). */
function geometry(json: QpdfJson, pageRef: string, key: string): string {
  const value = inherited(json, pageRef, key);
  const direct = typeof value === 'string' && REFERENCE.test(value) ? objectOf(json, value)?.value : value;
  return JSON.stringify(direct ?? null);
}

/** Every reference reachable from `start`, with their own references (the objects to copy). */
function reachable(json: QpdfJson, start: JsonValue): string[] {
  const seen = new Set<string>();
  const pending: JsonValue[] = [start];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (REFERENCE.test(value) && !seen.has(value)) {
        seen.add(value);
        const object = objectOf(json, value);
        if (object?.stream) pending.push(object.stream.dict);
        else if (object?.value !== undefined) pending.push(object.value);
      }
    } else if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === 'object') {
      // a resource's way back to the donor's page tree would copy the donor's pages along
      pending.push(...Object.entries(value).flatMap(([key, item]) => (key === '/Parent' ? [] : [item])));
    }
  }
  return [...seen];
}

/**
 * `value` with every reference renamed by `names`; one not copied (a /Parent) becomes null, never a
 * number that means another object in the target.
 */
function renamed(value: JsonValue, names: Map<string, string>): JsonValue {
  if (typeof value === 'string') return REFERENCE.test(value) ? (names.get(value) ?? null) : value;
  if (Array.isArray(value)) return value.map((item) => renamed(item, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renamed(item, names)]));
  }
  return value;
}

export interface GraftOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  workDir: string;
}

/**
 * Writes `output`: `target` with the content of each graft's donor page on its target page. Throws
 * GraftRefused when a donor page has another size or turn than the page it would replace, or the
 * donor is larger than 16 MB.
 */
export async function graftPages(
  target: string,
  donor: string,
  grafts: readonly Graft[],
  output: string,
  options: GraftOptions,
): Promise<void> {
  if ((await stat(donor)).size > MOST_DONOR_BYTES) throw new GraftRefused('donor too large');
  const [into, from] = await Promise.all([
    qpdfJson(target, join(options.workDir, 'graft-target.json'), false, options),
    qpdfJson(donor, join(options.workDir, 'graft-donor.json'), true, options),
  ]);
  const pairs = grafts.map(({ targetPage, donorPage }) => {
    const targetRef = into.pages[targetPage - 1]?.object;
    const donorRef = from.pages[donorPage - 1]?.object;
    if (!targetRef || !donorRef) throw new GraftRefused(`no page ${targetPage} or ${donorPage}`);
    for (const key of GEOMETRY) {
      if (geometry(into, targetRef, key) !== geometry(from, donorRef, key)) {
        throw new GraftRefused(`page ${targetPage}: ${key} differs`);
      }
    }
    const resources = inherited(from, donorRef, '/Resources');
    if (resources === undefined) throw new GraftRefused(`page ${donorPage} has no resources`);
    const contents = dictOf(from, donorRef)['/Contents'] ?? [];
    return { targetRef, content: { '/Contents': contents, '/Resources': resources } };
  });
  // the donor's objects the grafted pages use, numbered after the target's own
  const copied = reachable(from, pairs.map((pair) => pair.content) as JsonValue);
  const first = into.qpdf[0].maxobjectid + 1;
  const names = new Map(copied.map((ref, index) => [ref, `${first + index} 0 R`]));
  const objects: Record<string, QpdfObject> = {};
  for (const ref of copied) {
    const object = objectOf(from, ref) ?? { value: null };
    objects[`obj:${names.get(ref)}`] = object.stream
      ? { stream: { dict: renamed(object.stream.dict, names) as Dict, data: object.stream.data ?? '' } }
      : { value: renamed(object.value ?? null, names) };
  }
  for (const { targetRef, content } of pairs) {
    const page = { ...dictOf(into, targetRef), ...(renamed(content as JsonValue, names) as Dict) };
    objects[`obj:${targetRef}`] = { value: page };
  }
  const patch = join(options.workDir, 'graft-patch.json');
  const header = {
    jsonversion: 2,
    pushedinheritedpageresources: false,
    calledgetallpages: false,
    maxobjectid: first + copied.length - 1,
  };
  await writeFile(patch, JSON.stringify({ qpdf: [header, objects] }), { mode: 0o600 });
  try {
    await runQpdf(
      [
        `--update-from-json=${patch}`,
        '--object-streams=generate',
        '--compress-streams=y',
        '--',
        target,
        output,
      ],
      options,
    );
  } finally {
    await rm(patch, { force: true });
  }
}
