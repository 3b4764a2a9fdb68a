import { getTool } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { exampleResults, loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { expectState, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfMerge } from './PdfMerge';

describeToolScenarios({
  Component: PdfMerge,
  toolId: 'pdf-merge',
  accepted: ['crazyones.pdf', 'pdflatex-4-pages.pdf'],
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  expectedFields: [['StoreFile', 'true']],
});

describe('PdfMerge page', () => {
  it("one file is not enough: 'More files needed' / 'Please select at least 2 PDF files to merge.'", async () => {
    const harness = await renderTool(PdfMerge, 'pdf-merge');
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    await expect
      .poll(() => harness.toasts())
      .toEqual([
        {
          title: 'More files needed',
          message: 'Please select at least 2 PDF files to merge.',
          variant: 'failure',
        },
      ]);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it('merges in the order chosen with Move up / Move down by keyboard', async () => {
    const harness = await renderTool(
      PdfMerge,
      'pdf-merge',
      {},
      { kind: 'success', files: exampleResults['pdf-merge'] },
    );
    await harness.drop(await loadFixtures('crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf'));
    const order = () => harness.parts('file-name').map((n) => n.textContent);
    expect(order()).toEqual(['crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf']);
    harness.screen.getByRole('button', { name: 'Move up annotated_pdf.pdf' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await expect.poll(order).toEqual(['annotated_pdf.pdf', 'crazyones.pdf', 'pdflatex-4-pages.pdf']);
    await expect
      .element(harness.screen.getByRole('button', { name: 'Move down annotated_pdf.pdf' }))
      .toHaveFocus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect.poll(order).toEqual(['crazyones.pdf', 'annotated_pdf.pdf', 'pdflatex-4-pages.pdf']);
    expect(await seriousViolations(harness.root)).toEqual([]);
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['Files[0]', 'file:crazyones.pdf'],
      ['Files[1]', 'file:annotated_pdf.pdf'],
      ['Files[2]', 'file:pdflatex-4-pages.pdf'],
      ['StoreFile', 'true'],
    ]);
    expect(harness.fake.requests[0]?.url).toBe('https://api.example.test/v2/convert/pdf/to/merge');
  });

  it('headingLevel sets the rank of the tool heading, and its inner headings sit one rank below', async () => {
    const heading = getTool('pdf-merge').texts.heading;
    const outline = async (headingLevel?: 1 | 2 | 6) => {
      const harness = await renderTool(
        PdfMerge,
        'pdf-merge',
        headingLevel === undefined ? {} : { headingLevel },
        { kind: 'success', files: exampleResults['pdf-merge'] },
      );
      await harness.drop(await loadFixtures('crazyones.pdf', 'pdflatex-4-pages.pdf'));
      harness.convertButton().click();
      await expectState(harness, 'complete');
      const headings = [...harness.root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
        (node) => `${node.tagName}:${node.textContent}`,
      );
      return headings;
    };
    const inner = ['Conversion Complete', 'Selected Files (2)'];

    const page = await outline(1);
    expect(page[0]).toBe(`H1:${heading}`);
    expect(page.filter((entry) => entry.startsWith('H1:'))).toHaveLength(1);
    expect(page.slice(1).sort()).toEqual(inner.map((text) => `H2:${text}`));

    const standard = await outline();
    expect(standard[0]).toBe(`H2:${heading}`);
    expect(standard.slice(1).sort()).toEqual(inner.map((text) => `H3:${text}`));

    // h6 has no rank below it: the inner headings stay h6 rather than becoming an invalid h7.
    const deepest = await outline(6);
    expect(deepest[0]).toBe(`H6:${heading}`);
    expect(deepest.slice(1).sort()).toEqual(inner.map((text) => `H6:${text}`));
  });

  it('has no size limit on the page: a 120 MB PDF is accepted', async () => {
    const harness = await renderTool(PdfMerge, 'pdf-merge');
    await harness.drop([
      new File([new Uint8Array(120 * 1024 * 1024)], 'scan.pdf', { type: 'application/pdf' }),
    ]);
    await expect.poll(() => harness.parts('file-size').map((n) => n.textContent)).toEqual(['120.00 MB']);
    expect(harness.toasts()).toEqual([]);
  });
});
