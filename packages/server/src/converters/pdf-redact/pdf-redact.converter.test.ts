import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../../engines/run-engine';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, pageCount, run, useTestJob } from '../../testing/pdf-tools';
import { pdfRedactConverter } from './pdf-redact.converter';
import {
  FORM_FIELD_VALUE,
  HIDDEN_LAYER_SECRETS,
  hiddenLayerPdf,
  ITEM_OVER_IMAGE,
  ORDINARY_TEXT,
  rawForms,
  redactionQuality,
  SEEDED_PII,
  seededPiiPdf,
  uncompressedBytes,
} from './seeded-pii.testing';

const job = useTestJob();

const flat = (text: string): string => text.replace(/\s+/g, ' ');

async function redact(source: string, params: Record<string, string>): Promise<string> {
  const [result] = await convertAsSent(pdfRedactConverter, await job().context([source], params));
  expect(result?.fileName).toMatch(/-redacted\.pdf$/);
  return result?.path ?? '';
}

/** The word's box in points from poppler's own layout (pdftotext -bbox), top-left origin. */
async function wordBox(path: string, word: string): Promise<[number, number, number, number]> {
  const html = await run('pdftotext', ['-bbox', path, '-']);
  const match = new RegExp(
    `xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}<`,
  ).exec(html);
  if (!match) throw new Error(`${word} not on the page`);
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/** RGB of the pixel at (x, y) points of page 1 rendered at 72 dpi. */
async function pixelAt(path: string, x: number, y: number): Promise<number[]> {
  const prefix = join(job().workDir, `px-${Date.now()}`);
  await run('pdftoppm', ['-r', '72', '-png', '-singlefile', path, prefix]);
  const { data, info } = await sharp(`${prefix}.png`)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

async function whitePixels(path: string): Promise<number> {
  const prefix = join(job().workDir, `img-${Date.now()}`);
  await run('pdfimages', ['-png', path, prefix]);
  const { data } = await sharp(`${prefix}-000.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += 3)
    if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) white += 1;
  return white;
}

describe('pdf/to/redact', () => {
  it('removes every seeded item from text, bytes, metadata and extras, and keeps ordinary text', async () => {
    const source = join(job().workDir, 'seeded.pdf');
    await seededPiiPdf(source);
    const before = await run('pdftotext', [source, '-']);
    const rawBefore = await uncompressedBytes(source, job().workDir);
    for (const { value } of SEEDED_PII) {
      expect(flat(before)).toContain(value);
      expect(rawForms(value).some((form) => rawBefore.includes(form))).toBe(true);
    }
    expect(await run('pdfinfo', [source])).toContain('Whitfield');
    expect(await whitePixels(source)).toBe(0);
    const ssnBox = await wordBox(source, '372-58-1946');

    const output = await redact(source, { Preset: 'auto', RedactionColor: '#d01f2e' });
    const after = await run('pdftotext', [output, '-']);
    const rawAfter = await uncompressedBytes(output, job().workDir);
    const leaks = SEEDED_PII.filter(
      ({ value }) => flat(after).includes(value) || rawForms(value).some((f) => rawAfter.includes(f)),
    );
    expect(leaks).toEqual([]);
    for (const sentence of ORDINARY_TEXT) expect(flat(after)).toContain(sentence);
    for (const label of ['Patient Name:', 'Referred by Dr.', 'for follow-up.', 'Account Number:'])
      expect(after).toContain(label);

    const pii = [...SEEDED_PII.map((item) => item.value), FORM_FIELD_VALUE];
    const { recall, precision } = redactionQuality(before, after, pii);
    console.log(
      `redaction (auto preset, seeded document): recall ${(recall * 100).toFixed(1)}%, precision ${(precision * 100).toFixed(1)}%`,
    );
    expect(recall).toBe(1);
    expect(precision).toBe(1);

    // metadata, XMP, note, form value, attachment and script are gone
    const info = await run('pdfinfo', [output]);
    expect(info).not.toMatch(/^(Title|Author|Subject|Keywords):/m);
    expect(info).toMatch(/^Form:\s+none/m);
    expect(info).toMatch(/^JavaScript:\s+no/m);
    expect((await run('pdfinfo', ['-meta', output])).trim()).toBe('');
    expect(await run('pdfdetach', ['-list', output])).toMatch(/^0 embedded files/);
    for (const secret of ['Whitfield', 'Oyelaran', '372-58-1946', 'jonathan.whitfield'])
      expect(rawAfter).not.toContain(secret);
    expect(rawAfter).not.toMatch(/\/Subtype\s*\/(Text|Widget|FileAttachment)\b/);

    // boxes painted in the chosen colour where the SSN was; the image under it blanked, not just covered
    const [r, g, b] = await pixelAt(output, (ssnBox[0] + ssnBox[2]) / 2, (ssnBox[1] + ssnBox[3]) / 2);
    expect([r, g, b]).toEqual([0xd0, 0x1f, 0x2e]);
    expect(ITEM_OVER_IMAGE).toContain('372-58-1946');
    expect(await whitePixels(output)).toBeGreaterThan(100);
    expect(await pageCount(output)).toBe(1);
  });

  it('manual preset removes exactly the user terms (case-insensitive, literal)', async () => {
    const source = join(job().workDir, 'seeded.pdf');
    await seededPiiPdf(source);
    const output = await redact(source, {
      Preset: 'manual',
      RedactionTerms: 'evergreen terrace, Clinic Operations\nDE00 3704',
    });
    const after = flat(await run('pdftotext', [output, '-']));
    for (const gone of ['Evergreen Terrace', 'clinic operations', 'DE00 3704'])
      expect(after).not.toContain(gone);
    // manual runs no detectors: other personal data is untouched
    for (const kept of ['Jonathan Whitfield', '372-58-1946', 'Quarterly review of', 'and staffing levels.']) {
      expect(after).toContain(kept);
    }
  });

  it('manual preset takes /regular expressions/ and stops a runaway pattern with a 400', async () => {
    const source = join(job().workDir, 'seeded.pdf');
    await seededPiiPdf(source);
    const output = await redact(source, {
      Preset: 'manual',
      RedactionTerms: String.raw`/\d{3}-\d{2}-\d{4}/, Kowalski`,
    });
    const after = flat(await run('pdftotext', [output, '-']));
    expect(after).not.toContain('372-58-1946');
    expect(after).not.toContain('Kowalski');
    expect(after).toContain('Elena');
    expect(after).toContain('Invoice reference 1234-5678');
    const started = Date.now();
    const ctx = await job().context([source], { Preset: 'manual', RedactionTerms: '/(\\w+\\s?)+\\$$/' });
    await expect(answerToRejection(convertAsSent(pdfRedactConverter, ctx))).resolves.toMatchObject({
      status: 400,
      code: 4000,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('redacts a scanned page by OCR: the text under the boxes is unreadable afterwards', async () => {
    const { imageOnlyPdf } = await import('../pdf-ocr/ocr.testing');
    const text = join(job().workDir, 'seeded.pdf');
    await seededPiiPdf(text);
    const scanned = join(job().workDir, 'seeded-scan.pdf');
    await imageOnlyPdf(text, scanned, job().workDir);
    const output = await redact(scanned, { Preset: 'auto' });
    await run('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      '-singlefile',
      output,
      join(job().workDir, 'check'),
    ]);
    const { stdout } = await runEngine('tesseract', [join(job().workDir, 'check.png'), 'stdout'], {
      timeoutMs: 60_000,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const reread = flat(stdout.toString('utf8'));
    expect(reread).toContain('Quarterly review');
    const seeded = [...SEEDED_PII.map((item) => item.value), FORM_FIELD_VALUE];
    const found = seeded.filter((value) => reread.includes(value));
    const recall = 1 - found.length / seeded.length;
    console.log(`scanned-page redaction recall (OCR re-read of the result): ${(recall * 100).toFixed(1)}%`);
    expect(found).toEqual([]);
  });

  it('finds and removes personal data inside a hidden layer, and drops the layer definitions', async () => {
    const source = join(job().workDir, 'layers.pdf');
    await hiddenLayerPdf(source);
    const rawBefore = await uncompressedBytes(source, job().workDir);
    for (const secret of HIDDEN_LAYER_SECRETS) expect(rawBefore).toContain(secret);
    expect(rawBefore).toContain('/OCProperties');
    const output = await redact(source, { Preset: 'auto' });
    const rawAfter = await uncompressedBytes(output, job().workDir);
    for (const secret of HIDDEN_LAYER_SECRETS) expect(rawAfter).not.toContain(secret);
    expect(rawAfter).not.toContain('/OCProperties');
    const text = await run('pdftotext', [output, '-']);
    expect(text).toContain('Visible paragraph about the annual report.');
    for (const secret of HIDDEN_LAYER_SECRETS) expect(text).not.toContain(secret);
  });

  it('scrubs real documents: annotations, attachments and form fields; keeps links elsewhere', async () => {
    const annotated = await redact(corpusFile('pdf/annotated_pdf.pdf'), { Preset: 'auto' });
    expect(await uncompressedBytes(annotated, job().workDir)).not.toMatch(
      /\/Subtype\s*\/(Text|Highlight|Ink)\b/,
    );
    const attached = await redact(corpusFile('pdf/with-attachment.pdf'), { Preset: 'auto' });
    expect(await run('pdfdetach', ['-list', attached])).toMatch(/^0 embedded files/);
    const form = await redact(corpusFile('pdf/libreoffice-form.pdf'), { Preset: 'gdpr' });
    expect(await run('pdfinfo', [form])).toMatch(/^Form:\s+none/m);
    const outline = corpusFile('pdf/pdflatex-outline.pdf');
    const linked = await redact(outline, { Preset: 'hipaa' });
    const links = async (path: string): Promise<number> =>
      ((await uncompressedBytes(path, job().workDir)).match(/\/Subtype\s*\/Link\b/g) ?? []).length;
    expect(await links(linked)).toBe(await links(outline));
    expect(await pageCount(linked)).toBe(4);
  });

  it('answers 400 for an unknown preset, a bad colour, or manual without terms', async () => {
    expect(parameterProblems(pdfRedactConverter, { Preset: 'sox' })).toHaveProperty('Preset');
    for (const bad of ['red', '#12345', '#ggg000', '#0000000', 'rgb(0,0,0)']) {
      expect(parameterProblems(pdfRedactConverter, { RedactionColor: bad })).toHaveProperty('RedactionColor');
    }
    expect(parameterProblems(pdfRedactConverter, { Preset: 'manual' })).toHaveProperty('RedactionTerms');
    expect(
      parameterProblems(pdfRedactConverter, { Preset: 'manual', RedactionTerms: '/[a-/' }),
    ).toHaveProperty('RedactionTerms');
    expect(
      parameterProblems(pdfRedactConverter, { Preset: 'manual', RedactionTerms: '/abc/g' }),
    ).toHaveProperty('RedactionTerms');
    expect(
      parameterProblems(pdfRedactConverter, {
        Preset: 'manual',
        RedactionTerms: String.raw`Ann Lee, /\d{3,4}/i`,
      }),
    ).toBeNull();
    for (const preset of ['auto', 'gdpr', 'hipaa', 'ferpa', 'foia', 'glba', 'ccpa']) {
      expect(parameterProblems(pdfRedactConverter, { Preset: preset, RedactionColor: '#000000' })).toBeNull();
    }
    expect(parameterProblems(pdfRedactConverter, {})).toBeNull();
    const ctx = await job().context([corpusFile('pdf/crazyones.pdf')], {
      Preset: 'everything',
      RedactionColor: 'blue',
    });
    await expect(answerToRejection(convertAsSent(pdfRedactConverter, ctx))).resolves.toMatchObject({
      status: 400,
      code: 4000,
      invalidParameters: { Preset: [expect.any(String)], RedactionColor: [expect.any(String)] },
    });
  });

  it('answers 422 for password-protected and damaged files', async () => {
    for (const [source, code] of [
      [corpusFile('pdf-encrypted/r6-both-passwords.pdf'), 5003],
      [corpusFile('pdf-encrypted/health_protected.pdf'), 5003],
      [corpusFile('pdf-malformed/invalid.pdf'), 5002],
      [corpusFile('pdf-malformed/empty.pdf'), 5002],
    ] as const) {
      const ctx = await job().context([source]);
      await expect(answerToRejection(convertAsSent(pdfRedactConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
    // damaged but repairable files are redacted
    const repaired = await redact(corpusFile('pdf-malformed/bad-xref-entry.pdf'), {});
    expect(await pageCount(repaired)).toBe(1);
  });

  it('stops a huge document at the job deadline', async () => {
    const huge = join(job().workDir, 'huge.pdf');
    const page = corpusFile('pdf/crazyones.pdf');
    await run('qpdf', ['--empty', '--pages', ...Array.from({ length: 4000 }, () => page), '--', huge]);
    expect(await pageCount(huge)).toBe(4000);
    const ctx = { ...(await job().context([huge])), deadlineAt: Date.now() + 2_000 };
    const started = Date.now();
    await expect(answerToRejection(convertAsSent(pdfRedactConverter, ctx))).resolves.toMatchObject({
      status: 504,
      code: 5000,
    });
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
