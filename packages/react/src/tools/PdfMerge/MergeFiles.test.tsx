import { beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { exampleResults, loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { expectState, renderTool } from '../../testing/tool.harness';
import { PdfMerge } from './PdfMerge';

beforeAll(warmUpPdfJs, 60_000);

/** A pointer drag as a mouse makes it: press, move in steps (the list follows), release. */
async function dragWithPointer(from: Element, to: Element): Promise<void> {
  const start = from.getBoundingClientRect();
  const end = to.getBoundingClientRect();
  const x = start.left + start.width / 2;
  const y = start.top + start.height / 2;
  const dy = end.top + end.height / 2 - y;
  const pointer = {
    bubbles: true,
    cancelable: true,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    button: 0,
  };
  from.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1, clientX: x, clientY: y }));
  for (let step = 1; step <= 10; step++) {
    const at = { ...pointer, buttons: 1, clientX: x, clientY: y + (dy * step) / 10 };
    document.dispatchEvent(new PointerEvent('pointermove', at));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  document.dispatchEvent(
    new PointerEvent('pointerup', { ...pointer, buttons: 0, clientX: x, clientY: y + dy }),
  );
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

async function threeFiles() {
  const harness = await renderTool(
    PdfMerge,
    'pdf-merge',
    {},
    { kind: 'success', files: exampleResults['pdf-merge'] },
  );
  await harness.drop(await loadFixtures('crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf'));
  const order = () => harness.parts('file-name').map((name) => name.textContent);
  expect(order()).toEqual(['crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf']);
  return { harness, order };
}

describe('PdfMerge organiser', () => {
  it('drags a file by keyboard (Space, arrows, Space) with announcements; the request follows', async () => {
    const { harness, order } = await threeFiles();
    harness.screen.getByRole('button', { name: 'Drag to reorder annotated_pdf.pdf' }).element().focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard(' ');
    await expect.poll(order).toEqual(['annotated_pdf.pdf', 'crazyones.pdf', 'pdflatex-4-pages.pdf']);
    await expect
      .element(harness.screen.getByText('annotated_pdf.pdf dropped at position 1 of 3.'))
      .toBeInTheDocument();
    expect(await seriousViolations(harness.root)).toEqual([]);
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['Files[0]', 'file:annotated_pdf.pdf'],
      ['Files[1]', 'file:crazyones.pdf'],
      ['Files[2]', 'file:pdflatex-4-pages.pdf'],
      ['StoreFile', 'true'],
    ]);
  });

  it('drags a file with the pointer onto another place', async () => {
    const { harness, order } = await threeFiles();
    const handle = harness.screen.getByRole('button', { name: 'Drag to reorder crazyones.pdf' }).element();
    const target = harness.screen
      .getByRole('button', { name: 'Drag to reorder annotated_pdf.pdf' })
      .element();
    await dragWithPointer(handle, target);
    await expect.poll(order).toEqual(['pdflatex-4-pages.pdf', 'annotated_pdf.pdf', 'crazyones.pdf']);
  });

  it('Escape puts a picked-up file back', async () => {
    const { harness, order } = await threeFiles();
    harness.screen.getByRole('button', { name: 'Drag to reorder crazyones.pdf' }).element().focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    await expect
      .element(harness.screen.getByText('Reordering cancelled. crazyones.pdf is back at position 1.'))
      .toBeInTheDocument();
    expect(order()).toEqual(['crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf']);
  });

  it('opens a file to its pages and closes it again', async () => {
    const { harness } = await threeFiles();
    const toggle = harness.screen.getByRole('button', { name: 'Show the pages of pdflatex-4-pages.pdf' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const pages = harness.screen.getByRole('group', { name: 'Pages of pdflatex-4-pages.pdf' });
    await expect.element(pages).toBeVisible();
    await expect.element(pages.getByRole('img', { name: 'Page 4' })).toHaveAttribute('data-state', 'ready');
    expect(pages.element().querySelectorAll('[data-part="page"]')).toHaveLength(4);
    expect(await seriousViolations(harness.root)).toEqual([]);
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(harness.root.querySelector('[data-part="file-pages"]')).toBeNull();
  });
});
