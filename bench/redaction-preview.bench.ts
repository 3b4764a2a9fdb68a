/**
 * The redaction dry run (POST /api/redact/preview: finding only) against the whole pdf/to/redact
 * (finding, applying, scrubbing, verifying) on the same seeded document, run alternately in the same
 * process: the ratio says how much sooner a user sees the boxes than the redacted file.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  pdfRedactConverter,
  previewRedaction,
  readRedactParameters,
} from '../packages/server/src/converters/pdf-redact';
import { seededPiiPdf } from '../packages/server/src/converters/pdf-redact/seeded-pii.testing';
import { median } from './median';

const RUNS = 5;

export default async function (): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'bench-redaction-preview-'));
  try {
    const source = join(workDir, 'seeded.pdf');
    await seededPiiPdf(source);
    const file = { path: source, fileName: 'seeded.pdf', ext: 'pdf', size: (await stat(source)).size };
    const reading = readRedactParameters({ Preset: 'gdpr' });
    if (!reading.ok) throw new Error('bench parameters refused');
    const params = reading.params;
    const job = async () => mkdtemp(join(workDir, 'job-'));
    const preview: number[] = [];
    const full: number[] = [];
    // One of each first, unmeasured: worker threads and engines start.
    for (let run = 0; run <= RUNS; run++) {
      let started = performance.now();
      await previewRedaction({
        file,
        params,
        workDir: await job(),
        signal: new AbortController().signal,
        deadlineAt: Date.now() + 600_000,
      });
      if (run > 0) preview.push(performance.now() - started);
      started = performance.now();
      await pdfRedactConverter.convert({
        files: [file],
        params,
        workDir: await job(),
        signal: new AbortController().signal,
        deadlineAt: Date.now() + 600_000,
      });
      if (run > 0) full.push(performance.now() - started);
    }
    console.log(`dry run (boxes only), median of ${RUNS}:        ${(median(preview) / 1000).toFixed(2)} s`);
    console.log(`pdf/to/redact (the file), median of ${RUNS}:    ${(median(full) / 1000).toFixed(2)} s`);
    console.log(`ratio dry run / redaction:                 ${(median(preview) / median(full)).toFixed(2)}x`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
