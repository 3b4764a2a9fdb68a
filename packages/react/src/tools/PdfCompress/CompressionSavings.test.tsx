/**
 * Compress shows what it saved: the chosen file's size against the result's (the server's FileSize),
 * and 'Already optimal' when the server sent the original back unchanged. The end-to-end test checks
 * the shown sizes against the real file and the downloaded result.
 */
import { describe, expect, it } from 'vitest';
import { type ContractFile, loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { convertUntil, renderTool } from '../../testing/tool.harness';
import { PdfCompress } from './PdfCompress';

const result = (size: number): ContractFile => ({
  FileName: 'pdflatex-4-pages-compressed.pdf',
  FileExt: 'pdf',
  FileSize: size,
  FileId: 'compressed-id',
  Url: 'https://files.example.test/d/compressed-id/pdflatex-4-pages-compressed.pdf',
});

async function compressTo(size: (original: number) => number) {
  const [original] = await loadFixtures('pdflatex-4-pages.pdf');
  if (!original) throw new Error('no fixture');
  const harness = await renderTool(
    PdfCompress,
    'pdf-compress',
    {},
    {
      kind: 'success',
      files: [result(size(original.size))],
    },
  );
  expect(harness.part('size-saved')).toBeNull();
  await harness.drop([original]);
  await convertUntil(harness, 'complete');
  return { harness, original };
}

describe('PdfCompress size saved', () => {
  it('shows before → after, the share and the bytes saved', async () => {
    const { harness, original } = await compressTo((size) => Math.round(size * 0.4));
    const saved = harness.part('size-saved');
    const before = original.size;
    const after = Math.round(before * 0.4);
    expect(saved?.getAttribute('data-before')).toBe(String(before));
    expect(saved?.getAttribute('data-after')).toBe(String(after));
    const kb = (bytes: number) =>
      `${bytes / 1024 < 10 ? (bytes / 1024).toFixed(1) : Math.round(bytes / 1024)} KB`;
    expect(saved?.textContent).toBe(
      `${kb(before)} → ${kb(after)}: 60% smaller (${kb(before - after)} saved)`,
    );
    expect(saved?.getAttribute('role')).toBe('status');
    expect(await seriousViolations(harness.root)).toEqual([]);
  });

  it("says 'already optimal' when the result is the original, unchanged", async () => {
    const { harness, original } = await compressTo((size) => size);
    const saved = harness.part('size-saved');
    expect(saved?.getAttribute('data-optimal')).toBe('true');
    expect(saved?.textContent).toBe(
      `Already optimal: compressing would not make this file smaller, so it comes back unchanged (${Math.round(original.size / 1024)} KB).`,
    );
  });

  it('never shows 0% for a file that shrank a little', async () => {
    const { harness } = await compressTo((size) => size - 20);
    expect(harness.part('size-saved')?.textContent).toMatch(/: 0\.1% smaller/);
  });
});
