/**
 * The behaviour every tool shares, as one set of browser tests each tool's test file runs with its
 * own fixtures and expectations: idle, accepted and rejected drops, limits, the converting state and
 * the exact progress cadence, results, server field errors, failures, and axe on each state.
 */
import { formatFileSize, getTool, type ToolId } from '@docstudio/core';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleResults, type FixtureName, loadFixtures } from '../fixtures';
import type { ToolProps } from '../shell';
import { seriousViolations } from './axe.check';
import { expectState, progressValue, renderTool, settle, succeeds, type ToolHarness } from './tool.harness';

export interface ToolScenario {
  Component: ComponentType<ToolProps>;
  toolId: ToolId;
  /** Files that make a valid selection (dropped together; none for web-to-pdf). */
  accepted: FixtureName[];
  /** Makes the selection for tools without a drop zone (web-to-pdf types its URL). */
  select?: (harness: ToolHarness) => Promise<void>;
  /** A file of the wrong type and the toast it must give. */
  rejected?: { file: FixtureName; title: string; message: string };
  /** A file over the size limit and its toast. */
  tooLarge?: { name: string; type: string; bytes: number; title: string; message: string };
  /** The form fields (other than files) the default options send, in order. */
  expectedFields: [string, string][];
  /** Runs after the convert button is clicked (redaction confirms in a dialog). */
  confirm?: () => Promise<void>;
  /** A parameter the server may reject, shown under its field after a 400. */
  fieldError?: { name: string; label: string };
}

type InputScenario = Required<Pick<ToolScenario, 'rejected' | 'tooLarge'>>;

/**
 * How a one-PDF tool refuses input: a non-PDF gets the PDF-only toast; a PDF over the limit gets the
 * PDF tools' 'File too large' toast at 100 MB, or the conversions' 'Invalid file format' at 50 MB.
 */
export function pdfInputRules(
  limitMb: 100 | 50,
  rejectedFile: FixtureName = 'pil123rgba.png',
): InputScenario {
  const bytes = limitMb * 1024 * 1024;
  return {
    rejected: { file: rejectedFile, title: 'Invalid file format', message: 'Please upload PDF files only.' },
    tooLarge: {
      name: 'big.pdf',
      type: 'application/pdf',
      bytes: bytes + 1,
      ...(limitMb === 100
        ? { title: 'File too large', message: 'File size must be less than 100MB' }
        : { title: 'Invalid file format', message: `File is larger than ${limitMb} MB` }),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

async function select(harness: ToolHarness, scenario: ToolScenario): Promise<void> {
  if (scenario.select) await scenario.select(harness);
  else await harness.drop(await loadFixtures(...scenario.accepted));
  await expectState(harness, 'selected');
}

async function startConversion(harness: ToolHarness, scenario: ToolScenario): Promise<void> {
  harness.convertButton().click();
  if (scenario.confirm) await scenario.confirm();
}

export function describeToolScenarios(scenario: ToolScenario): void {
  const { Component, toolId } = scenario;
  const tool = getTool(toolId);

  describe(`${toolId}: shared tool behaviour`, () => {
    it('starts idle with the convert button disabled and no serious axe violation', async () => {
      const harness = await renderTool(Component, toolId);
      expect(harness.state()).toBe('idle');
      await expect.element(harness.convertButton()).toBeDisabled();
      expect(harness.convertButton().textContent).toBe(tool.texts.buttonLabel);
      expect(harness.root.querySelector('h2')?.textContent).toBe(tool.texts.heading);
      expect(await seriousViolations(harness.root)).toEqual([]);
    });

    it('accepts a valid selection: selected state, file shown with its size (KB below 1 MB), button enabled', async () => {
      const harness = await renderTool(Component, toolId);
      await select(harness, scenario);
      await expect.element(harness.convertButton()).toBeEnabled();
      if (scenario.accepted.length > 0) {
        const files = await loadFixtures(...scenario.accepted);
        const names = harness.parts('file-name').map((node) => node.textContent);
        expect(names).toEqual(files.map((file) => file.name));
        const sizes = harness.parts('file-size').map((node) => node.textContent);
        // The format itself is core's formatFileSize (tested there): here, every row shows it.
        expect(sizes).toEqual(files.map((file) => formatFileSize(file.size)));
      }
      expect(await seriousViolations(harness.root)).toEqual([]);
    });

    if (scenario.rejected) {
      const rejected = scenario.rejected;
      it(`rejects ${rejected.file} with '${rejected.title}' / '${rejected.message}'`, async () => {
        const harness = await renderTool(Component, toolId);
        await harness.drop(await loadFixtures(rejected.file));
        await expect
          .poll(() => harness.toasts())
          .toEqual([{ title: rejected.title, message: rejected.message, variant: 'failure' }]);
        expect(harness.state()).toBe('idle');
        expect(harness.parts('file-name')).toHaveLength(0);
        await expect.element(harness.convertButton()).toBeDisabled();
      });
    }

    if (scenario.tooLarge) {
      const big = scenario.tooLarge;
      it(`refuses a file over the limit (${big.bytes} bytes)`, async () => {
        const harness = await renderTool(Component, toolId);
        await harness.drop([new File([new Uint8Array(big.bytes)], big.name, { type: big.type })]);
        await expect
          .poll(() => harness.toasts())
          .toEqual([{ title: big.title, message: big.message, variant: 'failure' }]);
        expect(harness.state()).toBe('idle');
      });
    }

    it(`converts with the catalogue's cadence (+${tool.progress.step} every ${tool.progress.intervalMs} ms, held at ${tool.progress.cap}) and shows the results`, async () => {
      const onComplete = vi.fn();
      const states: string[] = [];
      const harness = await renderTool(Component, toolId, {
        onComplete,
        onChange: ({ state }) => states.push(state),
      });
      await select(harness, scenario);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      await startConversion(harness, scenario);
      await settle(() => harness.state(), 'converting');
      await settle(() => harness.fake.requests.length, 1);

      // Converting: busy label, button and drop zone disabled.
      expect(harness.convertButton().textContent).toBe(tool.texts.busyLabel);
      expect(harness.convertButton().disabled).toBe(true);
      if (harness.part('dropzone'))
        expect(harness.part('dropzone')?.hasAttribute('data-disabled')).toBe(true);
      expect(progressValue(harness)).toBe(0);

      const { step, intervalMs, cap } = tool.progress;
      vi.advanceTimersByTime(intervalMs - 1);
      // Give React time to render a (wrong) early tick before checking nothing moved yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(progressValue(harness)).toBe(0);
      vi.advanceTimersByTime(1);
      await settle(() => progressValue(harness), Math.min(cap, step));
      vi.advanceTimersByTime(intervalMs);
      await settle(() => progressValue(harness), Math.min(cap, 2 * step));
      const ticksToCap = Math.ceil(cap / step);
      vi.advanceTimersByTime(intervalMs * (ticksToCap - 2));
      await settle(() => progressValue(harness), cap);
      vi.advanceTimersByTime(intervalMs * 20);
      await settle(() => progressValue(harness), cap);
      expect(harness.state()).toBe('converting');
      expect(await seriousViolations(harness.root)).toEqual([]);

      const files = exampleResults[toolId];
      harness.fake.release({ kind: 'success', files });
      await settle(() => harness.state(), 'complete');
      vi.useRealTimers();
      expect(progressValue(harness)).toBe(100);
      expect(harness.parts('result-name').map((node) => node.textContent)).toEqual(
        files.map((f) => f.FileName),
      );
      expect(harness.parts('result-size').map((node) => node.textContent)).toEqual(
        files.map((f) => formatFileSize(f.FileSize)),
      );
      expect(harness.root.textContent).toContain('Conversion Complete');
      await expect
        .poll(() => harness.toasts())
        .toContainEqual({
          title: tool.texts.successTitle,
          message: tool.texts.successMessage,
          variant: 'success',
        });
      expect(harness.convertButton().textContent).toBe(tool.texts.buttonLabel);
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(onComplete.mock.calls[0]?.[0].files.map((f: { fileName: string }) => f.fileName)).toEqual(
        files.map((f) => f.FileName),
      );
      expect(states).toEqual(['selected', 'converting', 'complete']);

      // What was sent: the endpoint, the bearer token and the fields of the default options.
      const request = harness.fake.requests[0]!;
      expect(request.url).toBe(`https://api.example.test/v2/convert/${tool.endpoint}`);
      expect(request.headers.Authorization).toBe('Bearer test-token');
      const fields = harness
        .requestFields()
        .filter(([name]) => name !== 'File' && !name.startsWith('Files['));
      expect(fields).toEqual(scenario.expectedFields);
      expect(await seriousViolations(harness.root)).toEqual([]);
    });

    it('a new selection clears the previous result', async () => {
      const harness = await renderTool(Component, toolId, {}, succeeds(toolId));
      await select(harness, scenario);
      await startConversion(harness, scenario);
      await expectState(harness, 'complete');
      await select(harness, scenario);
      expect(harness.part('results')).toBeNull();
      expect(harness.state()).toBe('selected');
    });

    it('dark theme: every state up to complete has no serious axe violation (contrast included)', async () => {
      const harness = await renderTool(Component, toolId, { theme: 'dark' }, succeeds(toolId));
      expect(harness.root.classList.contains('docstudio-theme-dark')).toBe(true);
      expect(await seriousViolations(harness.root)).toEqual([]);
      await select(harness, scenario);
      expect(await seriousViolations(harness.root)).toEqual([]);
      await startConversion(harness, scenario);
      await expectState(harness, 'complete');
      expect(await seriousViolations(harness.root)).toEqual([]);
    });

    it("shows a server failure as a destructive toast with the server's message and can retry", async () => {
      const onError = vi.fn();
      const harness = await renderTool(
        Component,
        toolId,
        { onError },
        { kind: 'server-error', message: 'Engine crashed' },
      );
      await select(harness, scenario);
      await startConversion(harness, scenario);
      await expectState(harness, 'failed');
      await expect
        .poll(() => harness.toasts())
        .toContainEqual({
          title: tool.texts.failureTitle,
          message: 'Engine crashed',
          variant: 'destructive',
        });
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[0].error.message).toBe('Engine crashed');
      await expect.element(harness.convertButton()).toBeEnabled();
      expect(await seriousViolations(harness.root)).toEqual([]);
    });

    if (scenario.fieldError) {
      const { name, label } = scenario.fieldError;
      it(`shows a 400 InvalidParameters message under '${label}' with 'Parameter validation error'`, async () => {
        const message = `${name} is not valid here`;
        const harness = await renderTool(
          Component,
          toolId,
          {},
          {
            kind: 'invalid-parameters',
            fields: { [name]: [message, 'a second reason'] },
          },
        );
        await select(harness, scenario);
        await startConversion(harness, scenario);
        await expectState(harness, 'failed');
        await expect.poll(() => harness.toasts().map((t) => t.title)).toContain('Parameter validation error');
        const field = harness.root.querySelector<HTMLElement>(`[data-part="option"][data-option="${name}"]`);
        expect(field, `field ${name} is shown`).not.toBeNull();
        const error = field!.querySelector<HTMLElement>('[data-part="field-error"]');
        expect(error?.textContent).toBe(message);
        expect(getComputedStyle(error!).color).toBe('rgb(185, 28, 28)');
        expect(field!.querySelector('[aria-invalid="true"]')).not.toBeNull();
        expect(await seriousViolations(harness.root)).toEqual([]);
      });
    }
  });
}
