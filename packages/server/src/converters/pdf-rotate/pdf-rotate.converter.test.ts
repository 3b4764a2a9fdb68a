import { describe, expect, it } from 'vitest';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, pageCount, pageRotations, unreadablePdfs, useTestJob } from '../../testing/pdf-tools';
import { pdfRotateConverter } from './pdf-rotate.converter';

const job = useTestJob();

const fourPages = corpusFile('pdf/pdflatex-4-pages.pdf');

describe('pdf/to/rotate', () => {
  it('rotates only the listed pages and ranges', async () => {
    const ctx = await job().context([fourPages], { RotatePage: '90', PageRange: '1,3-4' });
    const [result] = await convertAsSent(pdfRotateConverter, ctx);
    expect(result?.fileName).toBe('pdflatex-4-pages-rotated.pdf');
    expect(await pageRotations(result?.path ?? '')).toEqual([90, 0, 90, 90]);
  });

  it("rotates every page when PageRange is absent or 'all', by 180 and 270", async () => {
    const [all180] = await convertAsSent(
      pdfRotateConverter,
      await job().context([fourPages], { RotatePage: '180' }),
    );
    expect(await pageRotations(all180?.path ?? '')).toEqual([180, 180, 180, 180]);
    const [all270] = await convertAsSent(
      pdfRotateConverter,
      await job().context([fourPages], { RotatePage: '270', PageRange: 'all' }),
    );
    expect(await pageRotations(all270?.path ?? '')).toEqual([270, 270, 270, 270]);
  });

  it("treats the default '1-99' on a shorter document as the pages that exist", async () => {
    const [result] = await convertAsSent(
      pdfRotateConverter,
      await job().context([fourPages], { RotatePage: '90', PageRange: '1-99' }),
    );
    expect(await pageCount(result?.path ?? '')).toBe(4);
    expect(await pageRotations(result?.path ?? '')).toEqual([90, 90, 90, 90]);
  });

  it('adds to the rotation a page already has', async () => {
    const source = corpusFile('pdf/habibi-rotated.pdf');
    const before = await pageRotations(source);
    const [result] = await convertAsSent(
      pdfRotateConverter,
      await job().context([source], { RotatePage: '90' }),
    );
    expect(await pageRotations(result?.path ?? '')).toEqual(before.map((angle) => (angle + 90) % 360));
  });

  it('rejects every bad parameter value with the field name', () => {
    for (const bad of ['45', '0', '360', 'ninety', '-90', '']) {
      expect(parameterProblems(pdfRotateConverter, { RotatePage: bad })).toHaveProperty('RotatePage');
    }
    for (const bad of ['a-b', '3-1', '0', '1:2', '-3', 'odd']) {
      expect(parameterProblems(pdfRotateConverter, { RotatePage: '90', PageRange: bad })).toHaveProperty(
        'PageRange',
      );
    }
    expect(parameterProblems(pdfRotateConverter, { RotatePage: '270', PageRange: '1, 3, 5-7' })).toBeNull();
  });

  it('answers 400 when the range selects no page of the document', async () => {
    const ctx = await job().context([fourPages], { RotatePage: '90', PageRange: '7-9' });
    await expect(answerToRejection(convertAsSent(pdfRotateConverter, ctx))).resolves.toMatchObject({
      status: 400,
      code: 4000,
    });
  });

  it('answers 422 for damaged, empty and password-protected input', async () => {
    for (const [source, code] of await unreadablePdfs(job())) {
      const ctx = await job().context([source], { RotatePage: '90' });
      await expect(answerToRejection(convertAsSent(pdfRotateConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });
});
