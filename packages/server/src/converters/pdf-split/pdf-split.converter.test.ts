import { describe, expect, it } from 'vitest';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, pageCount, pageText, unreadablePdfs, useTestJob } from '../../testing/pdf-tools';
import { pdfSplitConverter } from './pdf-split.converter';

const job = useTestJob();

const four = corpusFile('pdf/pdflatex-4-pages.pdf');
const book = corpusFile('pdf/GeoTopo-komprimiert.pdf');

describe('pdf/to/split', () => {
  it('splits every page into its own file by default and with SplitByPattern 1', async () => {
    for (const params of [{}, { SplitByPattern: '1' }] as Record<string, string>[]) {
      const results = await convertAsSent(pdfSplitConverter, await job().context([four], params));
      expect(results.map((result) => result.fileName)).toEqual(
        [1, 2, 3, 4].map((n) => `pdflatex-4-pages-${n}.pdf`),
      );
      for (const [index, result] of results.entries()) {
        expect(await pageCount(result.path)).toBe(1);
        expect(await pageText(result.path, 1)).toBe(await pageText(four, index + 1));
      }
    }
  });

  it('splits a 117-page book into chunks of 50 pages', async () => {
    const results = await convertAsSent(
      pdfSplitConverter,
      await job().context([book], { SplitByPattern: '50' }),
    );
    expect(results.map((result) => result.fileName)).toEqual([
      'GeoTopo-komprimiert-1.pdf',
      'GeoTopo-komprimiert-2.pdf',
      'GeoTopo-komprimiert-3.pdf',
    ]);
    expect(await Promise.all(results.map((result) => pageCount(result.path)))).toEqual([50, 50, 17]);
    expect(await pageText(results[2]?.path ?? '', 1)).toBe(await pageText(book, 101));
  });

  it('extracts one file per page group of ExtractPages', async () => {
    const results = await convertAsSent(
      pdfSplitConverter,
      await job().context([four], { ExtractPages: '1-2, 4' }),
    );
    expect(results.map((result) => result.fileName)).toEqual([
      'pdflatex-4-pages-pages-1-2.pdf',
      'pdflatex-4-pages-page-4.pdf',
    ]);
    expect(await pageCount(results[0]?.path ?? '')).toBe(2);
    expect(await pageText(results[0]?.path ?? '', 2)).toBe(await pageText(four, 2));
    expect(await pageText(results[1]?.path ?? '', 1)).toBe(await pageText(four, 4));
  });

  it('ignores pages past the end but rejects a group with none of the pages', async () => {
    const [clamped] = await convertAsSent(
      pdfSplitConverter,
      await job().context([four], { ExtractPages: '3-99' }),
    );
    expect(await pageCount(clamped?.path ?? '')).toBe(2);
    await expect(
      answerToRejection(
        convertAsSent(pdfSplitConverter, await job().context([four], { ExtractPages: '1,9-12' })),
      ),
    ).resolves.toMatchObject({
      status: 400,
      invalidParameters: { ExtractPages: [expect.stringContaining('4 pages')] },
    });
  });

  it('rejects every bad parameter value with the field name', () => {
    for (const bad of ['0', '-1', '1.5', 'two']) {
      expect(parameterProblems(pdfSplitConverter, { SplitByPattern: bad })).toHaveProperty('SplitByPattern');
    }
    for (const bad of ['all', 'a', '3-1', '0', '1:2', '-2']) {
      expect(parameterProblems(pdfSplitConverter, { ExtractPages: bad })).toHaveProperty('ExtractPages');
    }
    expect(parameterProblems(pdfSplitConverter, { ExtractPages: '1-3,5' })).toBeNull();
    expect(parameterProblems(pdfSplitConverter, { SplitByPattern: '3' })).toBeNull();
  });

  it('answers 422 for damaged, empty and password-protected input', async () => {
    for (const [file, code] of await unreadablePdfs(job())) {
      await expect(
        answerToRejection(convertAsSent(pdfSplitConverter, await job().context([file], {}))),
      ).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });
});
