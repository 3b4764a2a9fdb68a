/**
 * PDF to Word / PowerPoint reading a scan in its own language (no Language parameter exists there):
 * OCRmyPDF's French scan comes out with its accents, and as close to the known text as pdf/to/txt
 * reads it in French, where English was read before.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { libreOfficeText, zipPart } from '../../engines/pdf-structure/office-readback';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { repoCorpusFile } from '../../testing/pdf-tools';
import type { Converter } from '../converter.types';
import { characterErrorRate } from '../pdf-ocr/ocr.testing';
import { pdfToDocx } from '../pdf-to-docx';
import { pdfToPptx } from '../pdf-to-pptx';

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.cleanup()));
});

async function convert<Params>(converter: Converter<Params>, file: string): Promise<string> {
  const job = await makeConverterContext(file, {}, 300_000);
  jobs.push(job);
  const [result] = await convertAsSent(converter, job.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

const FRENCH = ['île', 'côté', 'bûches', 'ambiguë', 'œuvre'];

describe('scanned pages in PDF to Office, without a Language', () => {
  it('reads a French scan into Word in French', async () => {
    const docx = await convert(pdfToDocx, repoCorpusFile('pdf-scanned/francais.pdf'));
    const text = libreOfficeText(docx).normalize('NFC');
    for (const word of FRENCH) expect(text).toContain(word);
    const truth = await readFile(repoCorpusFile('pdf-scanned/francais.expected.txt'), 'utf8');
    const cer = characterErrorRate(text, truth);
    console.log(`francais.pdf to DOCX, CER ${(cer * 100).toFixed(2)}%`);
    expect(cer).toBeLessThan(0.02);
  });

  it('puts the French reading in the PowerPoint slide notes', async () => {
    const pptx = await convert(pdfToPptx, repoCorpusFile('pdf-scanned/francais.pdf'));
    const notes = zipPart(pptx, 'ppt/notesSlides/notesSlide1.xml').normalize('NFC');
    for (const word of FRENCH) expect(notes).toContain(word);
  });
});
