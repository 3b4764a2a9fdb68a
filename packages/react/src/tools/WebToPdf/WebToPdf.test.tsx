import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { exampleResults } from '../../fixtures';
import { expectState, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { WebToPdf } from './WebToPdf';

describeToolScenarios({
  Component: WebToPdf,
  toolId: 'web-to-pdf',
  accepted: [],
  select: async (harness) => {
    // Cleared first, so selecting again after a result is a real edit of the field.
    await fillField(harness, 'Website URL', '');
    await fillField(harness, 'Website URL', 'https://example.com/pricing');
  },
  expectedFields: [
    ['Url', 'https://example.com/pricing'],
    ['StoreFile', 'true'],
  ],
});

describe('WebToPdf page', () => {
  it("shows the URL field, the three steps of 'How it works' and the dynamic-content note", async () => {
    const harness = await renderTool(WebToPdf, 'web-to-pdf');
    expect(harness.part('dropzone')).toBeNull();
    const steps = [...(harness.part('how-it-works')?.querySelectorAll('li strong') ?? [])].map(
      (n) => n.textContent,
    );
    expect(steps).toEqual(['Enter URL', 'Convert', 'Download']);
    expect(harness.part('tool-note')?.textContent).toBe('Some dynamic content may be missing from the PDF.');
  });

  it("a blank URL gives 'URL required' / 'Please enter a website URL to convert.'", async () => {
    const harness = await renderTool(WebToPdf, 'web-to-pdf');
    await fillField(harness, 'Website URL', '   ');
    harness.convertButton().click();
    await expect
      .poll(() => harness.toasts())
      .toEqual([
        { title: 'URL required', message: 'Please enter a website URL to convert.', variant: 'failure' },
      ]);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("a URL that is not absolute gives 'Invalid URL', also when submitted with Enter", async () => {
    const harness = await renderTool(WebToPdf, 'web-to-pdf');
    await fillField(harness, 'Website URL', 'example dot com');
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => harness.toasts())
      .toEqual([
        {
          title: 'Invalid URL',
          message: 'Please enter a valid website URL (e.g., example.com).',
          variant: 'failure',
        },
      ]);
    const input = harness.part('url-input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(harness.part('url-field')?.querySelector('[data-part="field-error"]')?.textContent).toBe(
      'Please enter a valid website URL (e.g., example.com).',
    );
    expect(harness.fake.requests).toHaveLength(0);
  });

  it('shows a server Url error under the URL field', async () => {
    const harness = await renderTool(
      WebToPdf,
      'web-to-pdf',
      {},
      {
        kind: 'invalid-parameters',
        fields: { Url: ['The address resolves to a private network'] },
      },
    );
    await fillField(harness, 'Website URL', 'http://10.0.0.1/');
    await userEvent.keyboard('{Enter}');
    await expectState(harness, 'failed');
    expect(harness.part('url-field')?.querySelector('[data-part="field-error"]')?.textContent).toBe(
      'The address resolves to a private network',
    );
    await expect.poll(() => harness.toasts().map((t) => t.title)).toEqual(['Parameter validation error']);
  });

  it('converts by keyboard alone', async () => {
    const harness = await renderTool(
      WebToPdf,
      'web-to-pdf',
      {},
      { kind: 'success', files: exampleResults['web-to-pdf'] },
    );
    await userEvent.tab();
    await userEvent.keyboard('https://example.com');
    await userEvent.tab();
    await expect.element(harness.screen.getByRole('button', { name: 'Convert to PDF' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectState(harness, 'complete');
  });
});
