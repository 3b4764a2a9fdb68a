import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { renderTool } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToJpg } from './PdfToJpg';

describeToolScenarios({
  Component: PdfToJpg,
  toolId: 'pdf-to-jpg',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(50),
  expectedFields: [['StoreFile', 'true']],
});

describe('PdfToJpg page', () => {
  it('does not show the catalogue-only quality and resolution options', async () => {
    const harness = await renderTool(PdfToJpg, 'pdf-to-jpg');
    expect(harness.root.querySelector('[data-option="JpgQuality"]')).toBeNull();
    expect(harness.root.querySelector('[data-option="ImageResolution"]')).toBeNull();
  });
});

describe('PdfToJpg pages as they come', () => {
  it('asks for the streamed answer and lists each page the server has stored while it converts', async () => {
    const pages = exampleResults['pdf-to-jpg'];
    const harness = await renderTool(PdfToJpg, 'pdf-to-jpg');
    await harness.drop(await loadFixtures('pdflatex-4-pages.pdf'));
    harness.convertButton().click();
    const request = await harness.fake.nextRequest();
    expect(request.headers.Accept).toContain('application/x-ndjson');
    // the second page is done first: the list keeps page order
    harness.fake.streamFiles([{ index: 1, file: pages[1] as (typeof pages)[number] }]);
    harness.fake.streamFiles([{ index: 0, file: pages[0] as (typeof pages)[number] }]);
    await expect.poll(() => harness.part('ready-results')).not.toBeNull();
    expect(harness.state()).toBe('converting');
    const ready = harness.part('ready-results') as HTMLElement;
    expect(ready.querySelector('h3, h2, h4')?.textContent).toBe('Ready so far (2)');
    const names = [...ready.querySelectorAll('[data-part="result-name"]')].map((name) => name.textContent);
    expect(names).toEqual(pages.map((page) => page.FileName));
    expect(ready.querySelectorAll('button').length).toBe(2);
    expect(await seriousViolations(harness.root)).toEqual([]);
    // the answer replaces the list with the usual result
    harness.fake.release({ kind: 'success', files: pages });
    await expect.poll(() => harness.state()).toBe('complete');
    expect(harness.part('ready-results')).toBeNull();
    expect(harness.parts('result-item')).toHaveLength(pages.length);
  });
});
