/**
 * PDF/A-1b of pages whose own content is transparent (constant alpha, soft masks, pictures with an
 * alpha channel, blend modes): only the transparent areas become pictures; the text, its fonts and
 * the look stay, and nothing transparent is left in the file (PDF/A-1, 6.4).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { convertAsSent } from '../../testing/convert-as-sent';
import { fileSize, listedImages, pageText, repoCorpusFile, run, useTestJob } from '../../testing/pdf-tools';
import { pdfToPdfaConverter } from './pdf-to-pdfa.converter';

const job = useTestJob();
const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Fonts as pdffonts lists them: how many, and whether every one is embedded. */
async function fonts(path: string): Promise<{ count: number; allEmbedded: boolean }> {
  const rows = (await run('pdffonts', [path])).split('\n').slice(2).filter(Boolean);
  return {
    count: rows.length,
    allEmbedded: rows.every((row) => /\syes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.test(row)),
  };
}

/** Every object's dictionary (a stream's too), as qpdf reads the file. */
async function dictionaries(path: string): Promise<Record<string, unknown>[]> {
  const json = JSON.parse(await run('qpdf', ['--json=2', '--json-key=qpdf', path])) as {
    qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: unknown } }>];
  };
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      found.push(value as Record<string, unknown>);
      Object.values(value).forEach(visit);
    }
  };
  for (const object of Object.values(json.qpdf[1])) visit(object.stream?.dict ?? object.value);
  return found;
}

/** What PDF/A-1 forbids (ISO 19005-1, 6.4): soft masks, alpha below 1, blend modes, transparency groups. */
function transparencyLeft(dicts: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  for (const dict of dicts) {
    if (dict['/SMask'] !== undefined && dict['/SMask'] !== '/None')
      problems.push(`SMask ${String(dict['/SMask'])}`);
    for (const key of ['/CA', '/ca'])
      if (dict[key] !== undefined && Number(dict[key]) !== 1) problems.push(`${key} ${String(dict[key])}`);
    const blend = dict['/BM'];
    if (blend !== undefined && blend !== '/Normal' && blend !== '/Compatible')
      problems.push(`BM ${String(blend)}`);
    if ((dict['/Group'] as Record<string, unknown> | undefined)?.['/S'] === '/Transparency')
      problems.push('Group');
    if (dict['/S'] === '/Transparency') problems.push('transparency group');
  }
  return problems;
}

/** The largest share of the page one picture covers (pdfimages: pixels / ppi = inches). */
async function largestPictureShare(path: string): Promise<number> {
  const [, w = '0', h = '0'] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(await run('pdfinfo', [path])) ?? [];
  const shares = (await listedImages(path)).map(
    ({ width, height, xPpi, yPpi }) => (width / (xPpi || 1)) * 72 * ((height / (yPpi || 1)) * 72),
  );
  return Math.max(0, ...shares) / (Number(w) * Number(h));
}

/** Mean difference (0-255) of the two files' first pages rendered by poppler at 50 dpi. */
async function lookDifference(a: string, b: string): Promise<number> {
  const render = async (path: string, name: string) => {
    const prefix = `${job().workDir}/${name}`;
    await run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-singlefile', '-png', path, prefix]);
    return sharp(`${prefix}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  };
  const [first, second] = [await render(a, 'look-a'), await render(b, 'look-b')];
  // the page as the reader sees it: same width and height (a page turned by the conversion fails here)
  expect([second.info.width, second.info.height]).toEqual([first.info.width, first.info.height]);
  let sum = 0;
  for (let i = 0; i < first.data.length; i++) sum += Math.abs((first.data[i] ?? 0) - (second.data[i] ?? 0));
  return sum / first.data.length;
}

describe('pdf/to/pdfa: PDF/A-1b of transparent page content', () => {
  it.each([
    ['pdf/tcpdf-alpha-transparency.pdf', 'Gradient: .5'],
    ['pdf/tcpdf-blend-modes.pdf', 'Luminosity'],
  ])('%s keeps its text and fonts; only the transparent areas are pictures', async (name, sample) => {
    const source = repoCorpusFile(name);
    const [result] = await convertAsSent(
      pdfToPdfaConverter,
      await job().context([source], { PdfaVersion: 'PdfA1b' }),
    );
    const path = result?.path ?? '';
    const text = words(await pageText(path, 1));
    expect(text).toContain(sample);
    expect(text).toBe(words(await pageText(source, 1)));
    expect(await fonts(path)).toEqual({ count: (await fonts(source)).count, allEmbedded: true });
    expect(transparencyLeft(await dictionaries(source)).length).toBeGreaterThan(0);
    expect(transparencyLeft(await dictionaries(path))).toEqual([]);
    // Ghostscript alone made the whole page one 720 dpi picture (684 KB for the alpha page)
    const share = await largestPictureShare(path);
    const [before, after] = [await fileSize(source), await fileSize(path)];
    console.log(
      `${name} as PDF/A-1b: largest picture ${(share * 100).toFixed(1)} % of the page, ${before} -> ${after} bytes`,
    );
    expect(share).toBeLessThan(0.4);
    expect(after).toBeLessThan(before * 5);
    // poppler blends some modes differently from MuPDF, which drew the flattened areas: ~1 and ~3.5
    expect(await lookDifference(source, path)).toBeLessThan(5);
    expect(await run('pdfinfo', ['-meta', path])).toMatch(/pdfaid:part=['"]?1/);
  });

  it('flattens the transparent area where the reader sees it on a page stored sideways (/Rotate 90)', async () => {
    const source = `${job().workDir}/sideways.pdf`;
    await run('qpdf', ['--rotate=+90', repoCorpusFile('pdf/tcpdf-alpha-transparency.pdf'), source]);
    const [result] = await convertAsSent(
      pdfToPdfaConverter,
      await job().context([source], { PdfaVersion: 'PdfA1b' }),
    );
    const path = result?.path ?? '';
    expect(words(await pageText(path, 1))).toBe(words(await pageText(source, 1)));
    expect(transparencyLeft(await dictionaries(path))).toEqual([]);
    // still landscape, and the picture over the shapes, not beside them
    expect(await lookDifference(source, path)).toBeLessThan(5);
  });
});
