/**
 * Converters for testing the HTTP pipeline itself (timeouts, queue limits, failures) with real
 * processes: qpdf for a real PDF result, `sleep` for a slow engine, an engine exiting non-zero, and a
 * programming error. Injected only through createServer({ converters }); never in the real table.
 */
import { join } from 'node:path';
import type { Converter } from '../converters/converter.types';
import { type SentParameters, sentParameters } from '../converters/tool-parameters';
import { inspectPdf } from '../engines/pdf-inspect';
import { runEngine } from '../engines/run-engine';
import { timeLeftMs } from '../engines/time-left';

/** Linearizes the PDF with qpdf after the shared inspection (422 for damaged or locked inputs). */
export const linearizeConverter: Converter = {
  endpoint: 'test/to/linearize',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 2 * 1024 * 1024,
  readParameters: sentParameters((sent) =>
    sent.Pages !== undefined && !/^\d+$/.test(sent.Pages)
      ? { Pages: ['Pages must be a whole number.'] }
      : null,
  ),
  async convert(ctx) {
    const input = ctx.files[0];
    if (!input) throw new Error('no input');
    await inspectPdf(input.path, { signal: ctx.signal });
    const out = join(ctx.workDir, 'linearized.pdf');
    await runEngine('qpdf', ['--linearize', '--', input.path, out], {
      timeoutMs: timeLeftMs(ctx.deadlineAt),
      signal: ctx.signal,
    });
    return [{ path: out, fileName: input.fileName.replace(/\.pdf$/i, '-linearized.pdf') }];
  },
};

/** Merges Files[i] with qpdf --pages, in order. */
export const mergeConverter: Converter = {
  endpoint: 'test/to/merge',
  engine: 'qpdf',
  input: 'multi-file',
  minFiles: 2,
  accepts: ['pdf'],
  readParameters: sentParameters(),
  async convert(ctx) {
    const out = join(ctx.workDir, 'merged.pdf');
    const pages = ctx.files.flatMap((file) => [file.path, '1-z']);
    await runEngine('qpdf', ['--empty', '--pages', ...pages, '--', out], {
      timeoutMs: timeLeftMs(ctx.deadlineAt),
      signal: ctx.signal,
    });
    return [{ path: out, fileName: 'merged.pdf' }];
  },
};

/** Runs `sleep Seconds` (default 60): a slow engine for timeouts and a full queue. */
export const sleepConverter: Converter<SentParameters> = {
  endpoint: 'test/to/sleep',
  engine: 'ghostscript',
  input: 'single-file',
  accepts: ['pdf'],
  readParameters: sentParameters(),
  async convert(ctx) {
    await runEngine('sleep', [ctx.params.Seconds ?? '60'], {
      timeoutMs: timeLeftMs(ctx.deadlineAt),
      signal: ctx.signal,
    });
    const input = ctx.files[0];
    if (!input) throw new Error('no input');
    return [{ path: input.path, fileName: input.fileName }];
  },
};

/** An engine that exits with an error (qpdf asked to read a file that is not there). */
export const engineFailureConverter: Converter = {
  endpoint: 'test/to/engine-failure',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  readParameters: sentParameters(),
  async convert(ctx) {
    await runEngine('qpdf', ['--check', join(ctx.workDir, 'missing.pdf')], {
      timeoutMs: timeLeftMs(ctx.deadlineAt),
      signal: ctx.signal,
    });
    return [];
  },
};

/** A converter bug: throws a TypeError, which must become 5001/500, never a crash. */
export const crashingConverter: Converter = {
  endpoint: 'test/to/crash',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  readParameters: sentParameters(),
  async convert(ctx) {
    const broken = JSON.parse('null') as { files: string[] } | null;
    return [
      {
        path: join(ctx.workDir, broken?.files[0] ?? ''),
        fileName: String((broken as { files: string[] }).files.length),
      },
    ];
  },
};

export const pipelineConverters: readonly Converter[] = [
  linearizeConverter,
  mergeConverter,
  sleepConverter,
  engineFailureConverter,
  crashingConverter,
];
