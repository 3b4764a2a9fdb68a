/**
 * The redaction preview in the PdfRedact page: it posts the redaction's own form to the dry-run route,
 * draws the answered boxes over the real page picture (pdf.js) where the answer puts them, and goes
 * away when the file or an option changes. The network is a stand-in answering the dry run's shape;
 * the real server's boxes are checked in the server tests and tests/e2e/previews.spec.ts.
 */
import type { HttpAnswer, HttpRequest, HttpTransport } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { fieldError, renderTool } from '../../testing/tool.harness';
import { PdfRedact } from './PdfRedact';

const json = (status: number, body: unknown): HttpAnswer => ({
  status,
  statusText: status === 200 ? 'OK' : 'Bad Request',
  ok: status === 200,
  bodyText: JSON.stringify(body),
});

const TWO_BOXES = {
  Pages: [
    {
      Page: 1,
      Width: 612,
      Height: 792,
      Boxes: [
        { X: 72, Y: 99, Width: 180, Height: 14, Kind: 'email' },
        { X: 306, Y: 396, Width: 153, Height: 20, Kind: 'ssn' },
      ],
    },
  ],
  Boxes: 2,
  OcrPages: [],
};

function previewServer(answer: HttpAnswer) {
  const requests: { url: string; fields: FormData }[] = [];
  let next = answer;
  const transport: HttpTransport = async (request: HttpRequest) => {
    const fields = await new Response(request.body ?? '', {
      headers: { 'Content-Type': request.headers['Content-Type'] ?? '' },
    }).formData();
    requests.push({ url: request.url, fields });
    return next;
  };
  return { transport, requests, answerWith: (answer: HttpAnswer) => (next = answer) };
}

async function renderRedact(answer: HttpAnswer) {
  const server = previewServer(answer);
  const harness = await renderTool(PdfRedact, 'pdf-redact', { transport: server.transport });
  await harness.drop(await loadFixtures('crazyones.pdf'));
  return { harness, server };
}

describe('PdfRedact preview', () => {
  it('sends the redaction form to the dry run and draws its boxes where it puts them, before redacting', async () => {
    const { harness, server } = await renderRedact(json(200, TWO_BOXES));
    await harness.screen.getByRole('combobox', { name: 'Redaction preset' }).selectOptions('hipaa');
    await harness.screen.getByRole('button', { name: 'Preview redactions' }).click();
    const picture = harness.screen.getByRole('img', { name: 'Page 1: 2 areas to redact' });
    await expect.element(picture).toBeVisible();
    await expect
      .element(harness.screen.getByText('Areas to redact: 2, on 1 of 1 pages. Check them, then redact.'))
      .toBeVisible();
    const [request] = server.requests;
    expect(request?.url).toBe('https://api.example.test/v2/redact/preview');
    expect(request?.fields.get('Preset')).toBe('hipaa');
    expect((request?.fields.get('File') as File | null)?.name).toBe('crazyones.pdf');
    // The page itself is drawn (pdf.js), and each box sits at its points scaled to the picture.
    // pdf.js loads on first use: the first picture of a run takes seconds on a loaded machine.
    await expect
      .poll(() => picture.element().querySelector('[data-part="page-image"]')?.getAttribute('data-state'), {
        timeout: 50_000,
      })
      .toBe('ready');
    const overlay = picture.element().querySelector('svg')?.getBoundingClientRect();
    const boxes = [...picture.element().querySelectorAll('[data-part="redaction-box"]')];
    expect(boxes.map((box) => box.getAttribute('data-kind'))).toEqual(['email', 'ssn']);
    const ssn = boxes[1]?.getBoundingClientRect();
    if (!overlay || !ssn) throw new Error('no overlay');
    expect((ssn.left - overlay.left) / overlay.width).toBeCloseTo(0.5, 2);
    expect((ssn.top - overlay.top) / overlay.height).toBeCloseTo(0.5, 2);
    expect(ssn.width / overlay.width).toBeCloseTo(0.25, 2);
    expect(harness.state()).toBe('selected');
    expect(await seriousViolations(harness.root)).toEqual([]);
  }, 60_000);

  it('clears the boxes when an option changes, so what is shown is what Redact would do', async () => {
    const { harness } = await renderRedact(json(200, TWO_BOXES));
    await harness.screen.getByRole('button', { name: 'Preview redactions' }).click();
    await expect
      .element(harness.screen.getByRole('img', { name: 'Page 1: 2 areas to redact' }))
      .toBeVisible();
    await harness.screen.getByRole('combobox', { name: 'Redaction preset' }).selectOptions('gdpr');
    await expect
      .element(page.getByRole('img', { name: 'Page 1: 2 areas to redact' }))
      .not.toBeInTheDocument();
    expect(harness.part('redaction-summary')).toBeNull();
  });

  it('says when nothing would be redacted, and shows a refused preview as an alert', async () => {
    const { harness, server } = await renderRedact(
      json(200, { Pages: [{ Page: 1, Width: 612, Height: 792, Boxes: [] }], Boxes: 0, OcrPages: [] }),
    );
    const button = harness.screen.getByRole('button', { name: 'Preview redactions' });
    await button.click();
    await expect
      .element(harness.screen.getByText(/Nothing to redact was found with these settings/))
      .toBeVisible();
    expect(harness.parts('redaction-box')).toEqual([]);
    server.answerWith(
      json(400, {
        Code: 4000,
        Message: 'Parameter validation error',
        InvalidParameters: { RedactionTerms: ['Please enter the words or patterns to redact.'] },
      }),
    );
    await harness.screen.getByRole('combobox', { name: 'Redaction preset' }).selectOptions('manual');
    await button.click();
    await expect
      .element(harness.screen.getByRole('alert'))
      .toHaveTextContent('The preview failed: Please enter the words or patterns to redact.');
    // The refused field says so next to itself too.
    await expect
      .poll(() => fieldError(harness, 'RedactionTerms'))
      .toBe('Please enter the words or patterns to redact.');
  });
});
