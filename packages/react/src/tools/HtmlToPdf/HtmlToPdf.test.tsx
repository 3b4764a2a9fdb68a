import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { HtmlToPdf } from './HtmlToPdf';

describeToolScenarios({
  Component: HtmlToPdf,
  toolId: 'html-to-pdf',
  accepted: ['habibi.html'],
  rejected: {
    file: 'crazyones.pdf',
    title: 'Invalid file format',
    message: 'Please upload HTML files only (.html or .htm).',
  },
  tooLarge: {
    name: 'huge.html',
    type: 'text/html',
    bytes: 10 * 1024 * 1024 + 1,
    title: 'Invalid file format',
    message: 'File is larger than 10 MB',
  },
  expectedFields: [['StoreFile', 'true']],
});

describe('HtmlToPdf page', () => {
  it("shows the amber 'Embed All Assets' notice and the JavaScript note", async () => {
    const harness = await renderTool(HtmlToPdf, 'html-to-pdf');
    const notice = harness.part('embed-assets-notice')!;
    expect(notice.textContent).toContain('Embed All Assets');
    expect(notice.textContent).toContain('base64 images and inline CSS/JS');
    expect(getComputedStyle(notice).borderTopColor).toBe('rgb(245, 158, 11)');
    expect(harness.part('tool-note')?.textContent).toBe('JavaScript is executed during conversion.');
  });

  it("toggles the sample HTML with 'Show example' / 'Hide example' from the keyboard", async () => {
    const harness = await renderTool(HtmlToPdf, 'html-to-pdf');
    const toggle = harness.screen.getByRole('button', { name: 'Show example' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(harness.part('example')).toBeNull();
    toggle.element().focus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(harness.screen.getByRole('button', { name: 'Hide example' }))
      .toHaveAttribute('aria-expanded', 'true');
    expect(harness.part('example')?.textContent).toContain('Sample HTML Structure');
    expect(harness.part('example')?.textContent).toContain('<!DOCTYPE html>');
    await userEvent.keyboard(' ');
    await expect.element(harness.screen.getByRole('button', { name: 'Show example' })).toBeVisible();
    expect(harness.part('example')).toBeNull();
  });
});
