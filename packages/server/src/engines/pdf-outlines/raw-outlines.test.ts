/**
 * The merge's bookmarks written in-process against MuPDF's writer, read back by qpdf (an independent
 * reader): the same tree, titles, open state, target pages and positions, on every corpus PDF with
 * bookmarks and on a hand-made hostile one (every destination kind, on pages turned, cropped and
 * scaled by /UserUnit; named destinations of both kinds; titles with delimiters, control characters
 * and characters beyond the BMP; closed and open levels; web addresses; a heading without a target).
 * The result passes `qpdf --check`, keeps every byte of the merge, and what it cannot write exactly it
 * declines, leaving the file to MuPDF's writer.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPdfs } from '../../testing/corpus';
import { pdfFromObjects } from '../../testing/fuzz-inputs';
import { corpusFile, qpdfCheckWarnings, run } from '../../testing/pdf-tools';
import { collectOutlines, insertOutlines, type PlacedItem } from './merge-outlines';
import { withOutlinesRaw } from './raw-outlines';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-raw-outlines-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const crazy = corpusFile('pdf/crazyones.pdf');

/** UTF-16BE text string with its byte order mark, as a PDF writes titles beyond ASCII. */
const utf16 = (value: string): string =>
  `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/**
 * Four pages (plain; /Rotate 90; a crop box and /Rotate 270; /UserUnit 2 and /Rotate 180) and an
 * outline of every destination kind on them. `extra` items are appended at the top level.
 */
function hostilePdf(extra: [string, string][] = []): Buffer {
  const page = (box: string) => `<< /Type /Page /Parent 2 0 R ${box} /Contents 7 0 R >>`;
  // outline items: [title, destination or action, children]
  type Item = [string, string, Item[]?, boolean?];
  const items: Item[] = [
    ['(Plain \\(parens\\) and \\\\ backslash)', '/Dest [3 0 R /XYZ 100 700 0]'],
    [
      utf16('Überschrift – 中文 😀'),
      '/Dest [4 0 R /XYZ null null null]',
      [
        ['(FitH)', '/Dest [4 0 R /FitH 500]'],
        ['(FitBH)', '/Dest [5 0 R /FitBH 300]'],
        [
          '(open level)',
          '/Dest [5 0 R /XYZ 200 300 2]',
          [
            ['(FitV)', '/Dest [5 0 R /FitV 200]'],
            ['(FitBV)', '/Dest [6 0 R /FitBV 100]'],
          ],
          true,
        ],
      ],
      false,
    ],
    [
      '(FitR)',
      '/Dest [5 0 R /FitR 100 120 300 400]',
      [
        ['(Fit)', '/Dest [6 0 R /Fit]'],
        ['(FitB)', '/Dest [3 0 R /FitB]'],
      ],
      true,
    ],
    ['(Named by string)', '/Dest (chapter-1)'],
    ['(Named by name)', '/Dest /chapter2'],
    ['(Web)', '/A << /S /URI /URI (https://example.com/a?b=1&c=\\(d\\)) >>'],
    [utf16('Line\nbreak\ttab'), '/Dest [3 0 R /Fit]'],
    ['()', '/Dest [3 0 R /Fit]'],
    ['(Unbalanced \\) paren \\( here)', '/Dest [3 0 R /Fit]'],
    ['(Heading without a target)', '', [['(its child)', '/Dest [6 0 R /XYZ 10 20 null]']], true],
    ['(GoTo action)', '/A << /S /GoTo /D [5 0 R /XYZ 10 10 1.5] >>'],
    ...extra,
  ];
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R /Names << /Dests << /Names [(chapter-1) [6 0 R /XYZ 10 20 1.5]] >> >> /Dests << /chapter2 [4 0 R /FitH 100] >> >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 >>',
    page('/MediaBox [0 0 600 800]'),
    page('/MediaBox [0 0 600 800] /Rotate 90'),
    page('/MediaBox [0 0 600 800] /CropBox [50 60 550 760] /Rotate 270'),
    page('/MediaBox [0 0 300 400] /UserUnit 2 /Rotate 180'),
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  const outlineAt = objects.length + 1; // 8
  objects.push(''); // the outline dictionary, filled in below
  const write = (siblings: Item[], parent: number): number[] => {
    const numbers = siblings.map(() => objects.push('') /* reserve */);
    siblings.forEach(([title, target, children = [], open = false], index) => {
      const parts = [`/Title ${title}`, `/Parent ${parent} 0 R`, target];
      if (index > 0) parts.push(`/Prev ${numbers[index - 1]} 0 R`);
      if (index < siblings.length - 1) parts.push(`/Next ${numbers[index + 1]} 0 R`);
      if (children.length > 0) {
        const kids = write(children, numbers[index] as number);
        parts.push(
          `/First ${kids[0]} 0 R /Last ${kids.at(-1)} 0 R /Count ${open ? children.length : -children.length}`,
        );
      }
      objects[(numbers[index] as number) - 1] = `<< ${parts.join(' ')} >>`;
    });
    return numbers;
  };
  const top = write(items, outlineAt);
  objects[outlineAt - 1] =
    `<< /Type /Outlines /First ${top[0]} 0 R /Last ${top.at(-1)} 0 R /Count ${top.length} >>`;
  return pdfFromObjects(objects);
}

interface QpdfOutline {
  title: string;
  open: boolean;
  dest: unknown;
  destpageposfrom1: number | null;
  object: string;
  kids: QpdfOutline[];
}

/** The outline as qpdf reads it: title, open, target page, the view's numbers rounded, web address; nested. */
async function outlineOf(path: string): Promise<unknown[]> {
  const json = JSON.parse(
    await run('qpdf', ['--json=2', '--json-key=outlines', '--json-key=qpdf', path]),
  ) as {
    outlines: QpdfOutline[];
    qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
  };
  const objects = json.qpdf[1];
  const uriOf = (object: string): unknown => {
    const action = objects[`obj:${object}`]?.value?.['/A'];
    const resolved = typeof action === 'string' ? objects[`obj:${action}`]?.value : action;
    return (resolved as Record<string, unknown> | undefined)?.['/URI'];
  };
  const shape = (nodes: QpdfOutline[]): unknown[] =>
    nodes.map((node) => {
      const dest = Array.isArray(node.dest) ? node.dest : (node.dest as { '/D'?: unknown[] } | null)?.['/D'];
      const view = (dest ?? [])
        .slice(1)
        .map((part) => (typeof part === 'number' ? Math.round(part * 100) / 100 : part));
      return {
        title: node.title,
        open: node.kids.length > 0 ? node.open : undefined,
        page: node.destpageposfrom1,
        view,
        uri: uriOf(node.object),
        kids: shape(node.kids),
      };
    });
  return shape(json.outlines);
}

/**
 * The outline as MuPDF's writer leaves it, from ours: that writer keeps no entry open (every /Count
 * it writes is negative) and writes /FitB as /Fit; in all else the two must agree.
 */
function asMupdfWrites(nodes: unknown[]): unknown[] {
  return (nodes as Record<string, unknown>[]).map((node) => ({
    ...node,
    open: node.open === undefined ? undefined : false,
    view: (node.view as unknown[]).map((part) => (part === '/FitB' ? '/Fit' : part)),
    kids: asMupdfWrites(node.kids as unknown[]),
  }));
}

/** Each entry with children, in reading order: open or not. */
const openStates = (nodes: unknown[]): boolean[] =>
  (nodes as Record<string, unknown>[]).flatMap((node) => [
    ...(node.open === undefined ? [] : [node.open as boolean]),
    ...openStates(node.kids as unknown[]),
  ]);
const itemOpenStates = (items: readonly PlacedItem[]): boolean[] =>
  items.flatMap((item) => [
    ...(item.children.length > 0 ? [item.open] : []),
    ...itemOpenStates(item.children),
  ]);

/** qpdf's merge of `parts` (as the converter runs it), its bookmarks as collected, written both ways. */
async function bothWays(parts: string[], name: string, qpdfOptions: string[] = []) {
  const merged = join(dir, `${name}-merged.pdf`);
  await run('qpdf', ['--warning-exit-0', ...qpdfOptions, '--empty', '--pages', ...parts, '--', merged]);
  const items = await collectOutlines(parts);
  const bytes = await readFile(merged);
  const raw = withOutlinesRaw(bytes, items);
  const rawPath = join(dir, `${name}-raw.pdf`);
  if (raw) await writeFile(rawPath, raw);
  const mupdfPath = join(dir, `${name}-mupdf.pdf`);
  await copyFile(merged, mupdfPath);
  await insertOutlines(mupdfPath, items);
  return { bytes, items, raw, rawPath, mupdfPath };
}

describe('withOutlinesRaw', () => {
  it('writes every corpus PDF’s bookmarks as MuPDF’s writer does, into a clean update of the merge', async () => {
    let written = 0;
    for (const [index, file] of (await corpusPdfs()).entries()) {
      const parts = [crazy, file];
      const items = await collectOutlines(parts).catch(() => []);
      if (items.length === 0) continue;
      const { bytes, raw, rawPath, mupdfPath } = await bothWays(parts, `corpus-${index}`);
      expect(raw, file).toBeDefined();
      written += 1;
      expect(raw?.subarray(0, bytes.length).equals(bytes), file).toBe(true);
      expect(await qpdfCheckWarnings(rawPath), file).toEqual([]);
      const ours = await outlineOf(rawPath);
      expect(asMupdfWrites(ours), file).toEqual(await outlineOf(mupdfPath));
      // open or closed as the input had it
      expect(openStates(ours), file).toEqual(itemOpenStates(items));
    }
    expect(written).toBeGreaterThanOrEqual(4);
  });

  it('writes every destination kind, on turned, cropped and scaled pages, and hostile titles, as MuPDF does', async () => {
    const hostile = join(dir, 'hostile.pdf');
    await writeFile(hostile, hostilePdf());
    const { raw, rawPath, mupdfPath } = await bothWays([crazy, hostile], 'hostile');
    expect(raw).toBeDefined();
    expect(await qpdfCheckWarnings(rawPath)).toEqual([]);
    const ours = await outlineOf(rawPath);
    expect(asMupdfWrites(ours)).toEqual(await outlineOf(mupdfPath));
    // what the comparison covered: the titles as written, every kind, pages 2-5 (crazyones is page 1)
    const flat = (nodes: unknown[]): Record<string, unknown>[] =>
      (nodes as Record<string, unknown>[]).flatMap((node) => [node, ...flat(node.kids as unknown[])]);
    const nodes = flat(ours);
    expect(nodes.map((node) => node.title)).toEqual(
      expect.arrayContaining([
        'Plain (parens) and \\ backslash',
        'Überschrift – 中文 😀',
        'Line\nbreak\ttab',
        '',
      ]),
    );
    const kinds = new Set(nodes.map((node) => (node.view as unknown[])[0]).filter(Boolean));
    expect([...kinds].sort()).toEqual([
      '/Fit',
      '/FitB',
      '/FitBH',
      '/FitBV',
      '/FitH',
      '/FitR',
      '/FitV',
      '/XYZ',
    ]);
    expect(new Set(nodes.map((node) => node.page))).toEqual(new Set([2, 3, 4, 5, null]));
    expect(nodes.find((node) => node.title === 'Web')?.uri).toBe('u:https://example.com/a?b=1&c=(d)');
    // open and closed levels as the input has them
    const open = (title: string) => nodes.find((node) => node.title === title)?.open;
    expect([open('Überschrift – 中文 😀'), open('open level'), open('FitR')]).toEqual([false, true, true]);
  });

  it('counts what a reader shows: open levels positive, closed ones negative, the outline all visible entries', async () => {
    const hostile = join(dir, 'counts.pdf');
    await writeFile(hostile, hostilePdf());
    const { raw, items } = await bothWays([crazy, hostile], 'counts');
    const text = raw?.toString('latin1') ?? '';
    const update = text.slice(text.lastIndexOf('%%EOF', text.length - 8));
    const count = (title: string): string | undefined =>
      new RegExp(`/Title \\(${title}\\)[^>]*/Count (-?\\d+)`).exec(update)?.[1];
    // closed: its 3 children (the open level's 2 are hidden with it); open: 2
    expect(count('open level')).toBe('2');
    expect(count('FitR')).toBe('2');
    expect(/\/Title <FEFF00DC[^>]*>[^>]*\/Count (-?\d+)/.exec(update)?.[1]).toBe('-5');
    // every top-level entry, FitR's 2 and the heading's 1; the closed entry's are not visible
    expect(/\/Type \/Outlines [^>]*\/Count (\d+)/.exec(update)?.[1]).toBe(String(items.length + 3));
  });

  it('writes after an xref stream, into a catalog in an object stream, and replaces bookmarks it wrote before', async () => {
    const hostile = join(dir, 'streams.pdf');
    await writeFile(hostile, hostilePdf());
    const { raw, rawPath, items } = await bothWays([crazy, hostile], 'streams', [
      '--object-streams=generate',
    ]);
    expect(raw).toBeDefined();
    expect(raw?.toString('latin1')).toMatch(/\/Type \/XRef[\s\S]*startxref\n\d+\n%%EOF\n$/);
    expect(await qpdfCheckWarnings(rawPath)).toEqual([]);
    const again = join(dir, 'streams-again.pdf');
    await writeFile(again, withOutlinesRaw(raw ?? Buffer.alloc(0), items) ?? Buffer.alloc(0));
    expect(await qpdfCheckWarnings(again)).toEqual([]);
    expect(await outlineOf(again)).toEqual(await outlineOf(rawPath));
  });

  it('declines what it cannot write exactly: a link to another file, a page past the end, no view, a file it cannot read', async () => {
    const withRemote = join(dir, 'remote.pdf');
    await writeFile(
      withRemote,
      hostilePdf([['(Other file)', '/A << /S /GoToR /F (other.pdf) /D [0 /Fit] >>']]),
    );
    const remote = await bothWays([crazy, withRemote], 'remote');
    expect(remote.items.some((item) => item.externalUri?.startsWith('file:'))).toBe(true);
    expect(remote.raw).toBeUndefined();
    const { bytes, items } = await bothWays([crazy, corpusFile('pdf/pdflatex-outline.pdf')], 'declines');
    expect(withOutlinesRaw(bytes, items)).toBeDefined();
    const first = items[0] as PlacedItem;
    const dest = first.dest as NonNullable<PlacedItem['dest']>;
    expect(withOutlinesRaw(bytes, [{ ...first, dest: { ...dest, page: 99 } }])).toBeUndefined();
    expect(withOutlinesRaw(bytes, [{ ...first, view: undefined }])).toBeUndefined();
    expect(withOutlinesRaw(bytes.subarray(0, bytes.length - 200), items)).toBeUndefined();
  });
});
