/**
 * The shared shell around a result: continue with another tool (the FileId goes on, no bytes),
 * Cancel (aborts the request, nothing reported as failed), a failure that stays on the page with the
 * focus on it, and results kept for the session.
 */
import type { ConversionFile, HttpTransport } from '@docstudio/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { exampleResults, loadFixtures } from '../fixtures';
import { seriousViolations } from '../testing/axe.check';
import { renderTool } from '../testing/tool.harness';
import { PdfCompress } from '../tools/PdfCompress';
import { PdfProtect } from '../tools/PdfProtect';
import { forgetResults } from './result.memory';

const compressed: ConversionFile[] = exampleResults['pdf-compress'].map((file) => ({
  fileName: file.FileName,
  fileSize: file.FileSize,
  url: file.Url,
  fileId: file.FileId,
  fileExt: file.FileExt,
}));

afterEach(() => {
  forgetResults('pdf-compress');
  vi.restoreAllMocks();
});

describe('ToolShell results', () => {
  it('continues a result with another tool: onContinue gets the tool and the stored files', async () => {
    const onContinue = vi.fn();
    const harness = await renderTool(
      PdfCompress,
      'pdf-compress',
      { onContinue },
      {
        kind: 'success',
        files: exampleResults['pdf-compress'],
      },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    await expect.poll(() => harness.state()).toBe('complete');
    const select = harness.part('continue-tool') as HTMLSelectElement;
    const offered = [...select.options].map((option) => option.value);
    expect(offered).toContain('pdf-protect');
    expect(offered).not.toContain('pdf-compress');
    expect(offered).not.toContain('web-to-pdf');
    await harness.screen
      .getByRole('combobox', { name: 'Continue with another tool' })
      .selectOptions('pdf-protect');
    (harness.part('continue-button') as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledWith({ toolId: 'pdf-protect', files: compressed });
    expect(await seriousViolations(harness.root)).toEqual([]);
  });

  it('takes handed-over files as its input and sends their FileId, not bytes', async () => {
    const harness = await renderTool(
      PdfProtect,
      'pdf-protect',
      { initialFiles: compressed },
      {
        kind: 'success',
        files: exampleResults['pdf-protect'],
      },
    );
    expect(harness.state()).toBe('selected');
    expect(harness.parts('file-name').map((node) => node.textContent)).toEqual(['crazyones.pdf']);
    expect(harness.parts('file-size').map((node) => node.textContent)).toEqual(['5.1 KB']);
    const password = harness.root.querySelector<HTMLInputElement>('input[type="password"]');
    if (password) await userEvent.fill(password, 'secret-1');
    harness.convertButton().click();
    await expect.poll(() => harness.state()).toBe('complete');
    const file = harness.fake.requests[0]?.fields.get('File');
    expect(file).toBe(compressed[0]?.fileId);
  });

  it('Cancel aborts the running request and returns to the chosen file without a failure', async () => {
    const harness = await renderTool(PdfCompress, 'pdf-compress');
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    const request = await harness.fake.nextRequest();
    expect(harness.state()).toBe('converting');
    const cancel = harness.part('cancel-conversion') as HTMLButtonElement;
    expect(cancel.textContent).toBe('Cancel');
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    expect(request.signal?.aborted).toBe(true);
    await expect.poll(() => harness.state()).toBe('selected');
    expect(harness.part('failure')).toBeNull();
    expect(harness.toasts().map((toast) => toast.title)).toEqual(['Conversion cancelled']);
    await expect.poll(() => document.activeElement).toBe(harness.convertButton());
  });

  it('keeps a failure on the page, focused, until the next action', async () => {
    const harness = await renderTool(
      PdfCompress,
      'pdf-compress',
      {},
      {
        kind: 'server-error',
        message: 'The file is damaged and cannot be read.',
      },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    await expect.poll(() => harness.state()).toBe('failed');
    const failure = harness.part('failure');
    expect(failure?.getAttribute('role')).toBe('alert');
    expect(failure?.textContent).toContain('The file is damaged and cannot be read.');
    await expect.poll(() => document.activeElement).toBe(failure);
    for (const button of harness.root.querySelectorAll<HTMLButtonElement>('[data-part="toast-dismiss"]'))
      button.click();
    expect(harness.part('failure')).not.toBeNull();
    expect(await seriousViolations(harness.root)).toEqual([]);
    await harness.drop(await loadFixtures('annotated_pdf.pdf'));
    await expect.poll(() => harness.part('failure')).toBeNull();
  });

  it('names fields by their label, never by the API parameter, in the validation toast', async () => {
    const harness = await renderTool(
      PdfProtect,
      'pdf-protect',
      {},
      {
        kind: 'invalid-parameters',
        fields: { UserPassword: ['Too short'], Unseen: ['Bad value'] },
      },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    const password = harness.root.querySelector<HTMLInputElement>('input[type="password"]');
    if (password) await userEvent.fill(password, 'x');
    harness.convertButton().click();
    await expect.poll(() => harness.state()).toBe('failed');
    const message = harness.toasts().find((toast) => toast.title === 'Parameter validation error')?.message;
    expect(message).not.toContain('UserPassword');
    expect(message).not.toContain('Unseen');
    expect(message).toContain('Another setting: Bad value');
  });

  it('lists the last results again when the tool is opened later in the session', async () => {
    const first = await renderTool(
      PdfCompress,
      'pdf-compress',
      { keepResults: true },
      {
        kind: 'success',
        files: exampleResults['pdf-compress'],
      },
    );
    await first.drop(await loadFixtures('crazyones.pdf'));
    first.convertButton().click();
    await expect.poll(() => first.state()).toBe('complete');

    const again = await renderTool(PdfCompress, 'pdf-compress', { keepResults: true });
    expect(again.state()).toBe('complete');
    expect(again.parts('result-name').map((node) => node.textContent)).toEqual(['crazyones.pdf']);
    // Not focused on opening: the person did not just convert.
    expect(document.activeElement).not.toBe(again.part('results'));

    const expired = await renderTool(PdfCompress, 'pdf-compress', {
      keepResults: true,
      resultLifetimeMinutes: 0,
    });
    expect(expired.state()).toBe('idle');
  });

  it('shows the real upload progress while the file goes out, then the conversion progress', async () => {
    let finishUpload: () => void = () => {};
    const uploaded = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    // Reports upload progress as core's XHR transport does, then never answers (the server works).
    const transport: HttpTransport = async (request) => {
      request.onUploadProgress?.({ loaded: 40, total: 100, percent: 40 });
      await uploaded;
      request.onUploadProgress?.({ loaded: 100, total: 100, percent: 100 });
      return new Promise(() => {});
    };
    const harness = await renderTool(PdfCompress, 'pdf-compress', { transport });
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    await expect.poll(() => harness.part('progress')?.getAttribute('data-phase')).toBe('upload');
    const bar = harness.part('progress-bar');
    expect(bar?.getAttribute('aria-label')).toBe('Uploading');
    expect(bar?.getAttribute('aria-valuenow')).toBe('40');
    finishUpload();
    await expect.poll(() => harness.part('progress')?.getAttribute('data-phase')).toBe('conversion');
    expect(harness.part('progress-bar')?.getAttribute('aria-label')).toBe('Conversion progress');
  });
});
