/** One real conversion per 'Convert to PDF' tool, through the real server, checked with poppler/qpdf. */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { HtmlToPdfModel } from './models/html-to-pdf.model';
import { ImagesToPdfModel } from './models/images-to-pdf.model';
import { OfficeToPdfModel } from './models/office-to-pdf.model';
import { WebToPdfModel } from './models/web-to-pdf.model';
import { corpusFile } from './support/corpus';
import { pdfInfo, pdfPageCount, pdfText } from './support/inspect';
import { pagePort } from './support/ports';

test('Office to PDF converts a Word document at the chosen PDF version', async ({ page }, testInfo) => {
  const tool = new OfficeToPdfModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('office/hdr-header-footer.docx'));
  await tool.choosePdfVersion('1.7');
  const result = await tool.convertAndDownload(testInfo);
  expect(result.fileName).toMatch(/\.pdf$/);
  expect(pdfInfo(result.path)['PDF version']).toBe('1.7');
  expect(pdfText(result.path)).toContain('section with header');
});

test('Images to PDF makes one page per image, in the order chosen', async ({ page }, testInfo) => {
  const tool = new ImagesToPdfModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('images/hopper.webp'));
  await tool.chooseFiles(corpusFile('images/pil123rgba.png'));
  await expect(tool.root.getByText('Selected Images (2)')).toBeVisible();
  await tool.choosePageSize('a4');
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(2);
  // A4 portrait is 595.28 x 841.89 points.
  const size = /^([\d.]+) x ([\d.]+) pts/.exec(pdfInfo(result.path)['Page size'] ?? '');
  expect(Number(size?.[1])).toBeCloseTo(595.28, 0);
  expect(Number(size?.[2])).toBeCloseTo(841.89, 0);
});

test.describe('Web to PDF', () => {
  let server: Server;
  const marker = `docstudio web page ${Date.now()}`;

  test.beforeAll(async () => {
    // A page the studio's server may fetch: the e2e config allows exactly this loopback origin.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>e2e page</title><h1>${marker}</h1><p>Rendered by a real browser.</p>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(pagePort, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('prints a live web page to PDF', async ({ page }, testInfo) => {
    const tool = new WebToPdfModel(page);
    await tool.open();
    await tool.enterUrl(`http://127.0.0.1:${pagePort}/`);
    const result = await tool.convertAndDownload(testInfo);
    expect(pdfPageCount(result.path)).toBeGreaterThanOrEqual(1);
    expect(pdfText(result.path)).toContain(marker);
  });
});

test('HTML to PDF renders an uploaded page with its right-to-left text', async ({ page }, testInfo) => {
  const tool = new HtmlToPdfModel(page);
  await tool.open();
  const result = await tool.convertAndDownload(testInfo, corpusFile('html/habibi.html'));
  expect(pdfPageCount(result.path)).toBe(1);
  expect(pdfText(result.path)).toContain('habibi');
});
