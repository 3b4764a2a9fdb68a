/**
 * pdf/to/txt without a Language: the scan's language is found (script by OSD, a first pass with that
 * script's models, franc over its text) and the page read with it. Measured against the known text
 * of a French scan (OCRmyPDF's francais.pdf) and a Czech page (the corpus's Czech UDHR, rendered to
 * an image-only PDF here), each against the English reading the default used to give.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelOfTextLanguage } from '../../engines/language-detection';
import { convertAsSent } from '../../testing/convert-as-sent';
import { corpusFile, repoCorpusFile, run, useTestJob } from '../../testing/pdf-tools';
import { characterErrorRate, imageOnlyPdf } from '../pdf-ocr/ocr.testing';
import { pdfToTxtConverter } from './pdf-to-txt.converter';

const job = useTestJob();

async function toText(source: string, params: Record<string, string> = {}): Promise<string> {
  const [result] = await convertAsSent(pdfToTxtConverter, await job().context([source], params));
  return (await readFile(result?.path ?? '', 'utf8')).normalize('NFC');
}

async function czechScan(): Promise<string> {
  const scan = join(job().workDir, 'udhr-cs-scan.pdf');
  await imageOnlyPdf(repoCorpusFile('pdf-unmapped/udhr-cs-no-tounicode.pdf'), scan, job().workDir);
  expect((await run('pdftotext', [scan, '-'])).trim()).toBe('');
  return scan;
}

describe('pdf/to/txt without a Language', () => {
  it('reads a French scan in French, far better than as English', async () => {
    const source = repoCorpusFile('pdf-scanned/francais.pdf');
    const truth = await readFile(repoCorpusFile('pdf-scanned/francais.expected.txt'), 'utf8');
    const detected = await toText(source);
    const english = await toText(source, { Language: 'en' });
    const [cer, enCer] = [characterErrorRate(detected, truth), characterErrorRate(english, truth)];
    console.log(
      `francais.pdf CER without Language ${(cer * 100).toFixed(2)}%, as en ${(enCer * 100).toFixed(2)}%`,
    );
    expect(cer).toBeLessThan(0.02);
    expect(cer).toBeLessThan(enCer);
    for (const word of ['île', 'côté', 'bûches', 'ambiguë', 'œuvre']) expect(detected).toContain(word);
  });

  it('reads a Czech page in Czech, far better than as English', async () => {
    const scan = await czechScan();
    const truth = await readFile(repoCorpusFile('pdf-unmapped/udhr-cs-no-tounicode.expected.txt'), 'utf8');
    const detected = await toText(scan);
    const english = await toText(scan, { Language: 'en' });
    const [cer, enCer] = [characterErrorRate(detected, truth), characterErrorRate(english, truth)];
    console.log(
      `Czech UDHR scan CER without Language ${(cer * 100).toFixed(2)}%, as en ${(enCer * 100).toFixed(2)}%`,
    );
    expect(cer).toBeLessThan(0.02);
    expect(cer).toBeLessThan(enCer);
    for (const word of ['Článek', 'důstojnosti', 'svědomím', 'náboženství', 'smýšlení'])
      expect(detected).toContain(word);
  });

  it('still reads an English scan as English', async () => {
    const scan = join(job().workDir, 'crazyones-scan.pdf');
    await imageOnlyPdf(corpusFile('pdf/crazyones.pdf'), scan, job().workDir);
    const truth = await readFile(corpusFile('pdf/crazyones.expected.txt'), 'utf8');
    expect(characterErrorRate(await toText(scan), truth)).toBeLessThan(0.02);
  });

  it('names the language of a text only when there is enough of it', async () => {
    expect(
      await modelOfTextLanguage('Všichni lidé rodí se svobodní a sobě rovní co do důstojnosti a práv.'),
    ).toBe('ces');
    expect(
      await modelOfTextLanguage('Tous les êtres humains naissent libres et égaux en dignité et en droits.'),
    ).toBe('fra');
    expect(
      await modelOfTextLanguage(
        'Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw.',
      ),
    ).toBe('pol');
    // English wins by a small margin over French and Galician: still a verdict
    expect(
      await modelOfTextLanguage(
        'The LinnSequencer is a state-of-the-art composition and performance tool for the professional musician. It is extremely powerful, yet amazingly simple to learn and use.',
      ),
    ).toBe('eng');
    expect(await modelOfTextLanguage('Kapitel 1')).toBeUndefined();
  });
});
