import { acceptedRunFormatsLabel, getTool, runMemoryKey } from '@docstudio/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { dropFiles } from '../../testing/dom.events';
import {
  createFakeStudioServer,
  expectState,
  type FakeStudioServer,
  renderWorkflow,
  serverProps,
  type WorkflowHarness,
} from '../../testing/workflow.harness';
import { WorkflowRunner } from './WorkflowRunner';

/** The spec's example chain; the password is kept by the server, so the run must happen there. */
function officeCompressProtect() {
  const server = createFakeStudioServer();
  const id = server.addWorkflow('Office to PDF -> Compress -> Protect', [
    ['office/to/pdf'],
    ['pdf/to/compress', { Preset: 'ebook' }],
    ['pdf/to/protect', { UserPassword: 'kept-on-server' }],
  ]);
  return { server, id };
}

const render = (server: FakeStudioServer, id: string, props: Record<string, unknown> = {}) =>
  renderWorkflow(
    <WorkflowRunner {...serverProps(server)} workflowId={id} pollIntervalMs={20} {...props} />,
    'workflow-runner',
  );

const drop = async (runner: WorkflowHarness, ...names: Parameters<typeof loadFixtures>) =>
  dropFiles(runner.part('dropzone') as HTMLElement, await loadFixtures(...names));

/** The badge of each step, as the progress card shows it. */
const badges = (runner: WorkflowHarness) =>
  runner.parts('run-step').map((step) => step.querySelector('[data-part="step-status"]')?.textContent);
const percent = (runner: WorkflowHarness) =>
  Number(runner.root().querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));

/**
 * Waits for what the run's polling shows. Longer than expect.poll's default: with test files running in
 * parallel pages, Chromium may throttle a background page's timers to one a second.
 */
const eventually = <T,>(read: () => T) => expect.poll(read, { timeout: 10_000 });

async function pressRun(runner: WorkflowHarness): Promise<void> {
  (runner.part('run') as HTMLElement).focus();
  await userEvent.keyboard('{Enter}');
}

/** Waits until the server has accepted the run (the screen shows step 1 running as soon as Run is pressed). */
async function serverRunStarted(server: FakeStudioServer, count = 1): Promise<void> {
  await eventually(() => server.runs.length).toBe(count);
}

/** Records the temporary links the real download code clicks (a click would leave the test page). */
const clicked: string[] = [];
const realClick = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  localStorage.clear();
  clicked.length = 0;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(`${this.download} ${this.href}`);
  };
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

describe('WorkflowRunner', () => {
  it('runs on the server by keyboard: progress per step, overall percent, then Download Result', async () => {
    const { server, id } = officeCompressProtect();
    server.holdRuns();
    const onComplete = vi.fn();
    const runner = await render(server, id, { onComplete });
    await expectState(runner, 'ready');
    expect(runner.screen.getByRole('heading', { level: 2 }).element().textContent).toBe(
      'Office to PDF -> Compress -> Protect',
    );
    const formats = acceptedRunFormatsLabel(getTool('office-to-pdf'));
    expect(runner.part('accepted-formats')?.textContent).toBe(`Accepted formats: ${formats}`);
    expect(formats).toBe(formats.toUpperCase());
    expect(formats).toContain('DOCX');

    await drop(runner, 'hdr-header-footer.docx');
    expect(runner.toastTitles()).toEqual(['1 file(s) uploaded']);
    const size = (await loadFixtures('hdr-header-footer.docx'))[0]?.size ?? 0;
    expect(runner.texts('file-size')).toEqual([`${(size / 1024 / 1024).toFixed(1)} MB`]);
    expect(await seriousViolations(runner.root())).toEqual([]);

    await pressRun(runner);
    await expectState(runner, 'running');
    expect(runner.part('run')?.textContent).toBe('Running Workflow...');
    await serverRunStarted(server);
    const start = server.requests.find((request) => request.path.startsWith('/workflows/run/'));
    expect(start?.method).toBe('POST');
    expect(start?.path).toBe(`/workflows/run/${id}`);
    expect((start?.fields?.get('File') as File | undefined)?.name).toBe('hdr-header-footer.docx');
    await eventually(() => badges(runner)).toEqual(['Running', 'Pending', 'Pending']);
    expect(percent(runner)).toBe(0);
    expect(server.requests.some((request) => request.path.startsWith('/job/'))).toBe(true);

    server.advance();
    await eventually(() => badges(runner)).toEqual(['Completed', 'Running', 'Pending']);
    expect(percent(runner)).toBe(33);
    expect(runner.toastTitles()).toContain('Step 1: Office to PDF completed');
    expect(await seriousViolations(runner.root())).toEqual([]);
    server.advance();
    server.advance();
    await expectState(runner, 'complete');
    expect(badges(runner)).toEqual(['Completed', 'Completed', 'Completed']);
    expect(percent(runner)).toBe(100);
    expect(runner.toastTitles()).toContain('Workflow completed successfully!');
    expect(runner.part('run')?.textContent).toBe('Run Workflow');
    // No step ran in the browser: the server chained them.
    expect(server.requests.some((request) => request.path.startsWith('/convert/'))).toBe(false);
    expect(onComplete.mock.calls[0]?.[0].files.map((file: { fileName: string }) => file.fileName)).toEqual([
      'hdr-header-footer.pdf',
    ]);

    (runner.part('download-result') as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(clicked).toEqual([
      expect.stringMatching(/^hdr-header-footer\.pdf https:\/\/files\.example\.test\/d\//),
    ]);
    expect(runner.toastTitles()).toContain('Download started');
    expect(await seriousViolations(runner.root())).toEqual([]);
  });

  it("a failing middle step shows 'Step 2 failed: {reason}'; step 3 stays pending", async () => {
    const { server, id } = officeCompressProtect();
    server.holdRuns();
    const onError = vi.fn();
    const runner = await render(server, id, { onError });
    await expectState(runner, 'ready');
    await drop(runner, 'hdr-header-footer.docx');
    await pressRun(runner);
    await serverRunStarted(server);
    await eventually(() => badges(runner)).toEqual(['Running', 'Pending', 'Pending']);
    server.advance();
    server.failStep('Ghostscript could not read the PDF');
    await expectState(runner, 'failed');
    expect(badges(runner)).toEqual(['Completed', 'Error', 'Pending']);
    expect(runner.texts('errors')).toEqual([
      'ErrorsStep 2 failed: Ghostscript could not read the PDFWorkflow execution failed',
    ]);
    expect(percent(runner)).toBe(33);
    expect(runner.part('download-result')).toBeNull();
    expect(runner.toasts()).toContainEqual({
      title: 'Step 2 failed: Ghostscript could not read the PDF',
      message: '',
      variant: 'destructive',
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(runner.root())).toEqual([]);
  });

  it('a run survives a closed page: opened again, the runner shows it and follows it to its result', async () => {
    const { server, id } = officeCompressProtect();
    server.holdRuns();
    const first = await render(server, id);
    await expectState(first, 'ready');
    await drop(first, 'hdr-header-footer.docx');
    await pressRun(first);
    await serverRunStarted(server);
    await eventually(() => badges(first)).toEqual(['Running', 'Pending', 'Pending']);
    server.advance();
    await eventually(() => badges(first)).toEqual(['Completed', 'Running', 'Pending']);
    await first.screen.unmount();
    const polls = server.requests.length;

    server.advance();
    const again = await render(server, id);
    await expectState(again, 'running');
    expect(again.part('last-run')?.textContent).toMatch(/^Last run started /);
    await eventually(() => badges(again)).toEqual(['Completed', 'Completed', 'Running']);
    expect(again.part('run')?.textContent).toBe('Running Workflow...');
    server.advance();
    await expectState(again, 'complete');
    expect(percent(again)).toBe(100);
    expect(again.part('download-result')).not.toBeNull();
    // The closed page stopped asking; the reopened one asked the history and the remembered job.
    const asked = server.requests.slice(polls).map((request) => request.path);
    expect(asked).toContain('/workflows/runs');
    expect(asked.filter((path) => path.startsWith('/job/')).length).toBeGreaterThan(0);
  });

  it('without a run history on the server, the JobId remembered in the browser finds the run again', async () => {
    const { server, id } = officeCompressProtect();
    server.without('runs');
    server.holdRuns();
    const first = await render(server, id);
    await expectState(first, 'ready');
    await drop(first, 'hdr-header-footer.docx');
    await pressRun(first);
    await expectState(first, 'running');
    await serverRunStarted(server);
    await eventually(() => localStorage.getItem(runMemoryKey(id))).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(runMemoryKey(id)) ?? '{}')).toMatchObject({
      workflowId: id,
      jobId: server.runs[0]?.RunId,
    });
    await first.screen.unmount();

    const again = await render(server, id);
    await expectState(again, 'running');
    server.advance();
    server.advance();
    server.advance();
    await expectState(again, 'complete');
    expect(again.part('download-result')).not.toBeNull();
  });

  it('a finished run is shown on opening: its steps, errors and time', async () => {
    const { server, id } = officeCompressProtect();
    server.addRun({
      RunId: 'job-old',
      WorkflowId: id,
      Status: 'failed',
      StartedAt: '2025-03-04T09:00:00.000Z',
      EndedAt: '2025-03-04T09:00:05.000Z',
      Steps: [
        { Tool: 'office/to/pdf', Status: 'succeeded' },
        { Tool: 'pdf/to/compress', Status: 'failed', Error: 'The file is damaged' },
        { Tool: 'pdf/to/protect', Status: 'pending' },
      ],
    });
    const runner = await render(server, id);
    await expectState(runner, 'failed');
    expect(badges(runner)).toEqual(['Completed', 'Error', 'Pending']);
    expect(runner.texts('errors')).toEqual([
      'ErrorsStep 2 failed: The file is damagedWorkflow execution failed',
    ]);
    expect(runner.part('last-run')?.textContent).toBe(
      `Last run started ${new Date('2025-03-04T09:00:00.000Z').toLocaleString()}`,
    );
    // Nothing is announced again for a run that ended before the page opened.
    expect(runner.toasts()).toEqual([]);
  });

  it('a server without the run route gets the steps chained from the browser', async () => {
    const server = createFakeStudioServer();
    server.without('run');
    const id = server.addWorkflow('Compress and rotate', [
      ['pdf/to/compress'],
      ['pdf/to/rotate', { RotatePage: '90' }],
    ]);
    const runner = await render(server, id);
    await expectState(runner, 'ready');
    await drop(runner, 'crazyones.pdf');
    await pressRun(runner);
    await expectState(runner, 'complete');
    expect(server.requests.map((request) => `${request.method} ${request.path}`).slice(-3)).toEqual([
      `POST /workflows/run/${id}`,
      'POST /convert/pdf/to/compress',
      'POST /convert/pdf/to/rotate',
    ]);
    expect(badges(runner)).toEqual(['Completed', 'Completed']);
  });

  it('single-file tools replace the file, a wrong type is refused with the accepted formats', async () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Compress', [['pdf/to/compress']]);
    const runner = await render(server, id);
    await expectState(runner, 'ready');
    await pressRun(runner);
    await expect.poll(() => runner.toastTitles()).toEqual(['Please upload a file']);
    await drop(runner, 'crazyones.pdf');
    await drop(runner, 'annotated_pdf.pdf');
    expect(runner.toastTitles()).toContain('1 file uploaded (replaced previous selection)');
    expect(runner.texts('file-name')).toEqual(['annotated_pdf.pdf']);
    await drop(runner, 'pil123rgba.png');
    expect(runner.toasts()).toContainEqual({
      title: 'File type not supported. This tool accepts: PDF',
      message: '',
      variant: 'failure',
    });
    expect(runner.texts('file-name')).toEqual(['annotated_pdf.pdf']);
    await drop(runner, 'crazyones.pdf', 'pdflatex-4-pages.pdf');
    expect(runner.toastTitles()).toContain('This tool accepts only one file');
    expect(runner.texts('file-name')).toEqual(['crazyones.pdf']);
    await runner.screen.getByRole('button', { name: 'Remove crazyones.pdf' }).click();
    expect(runner.texts('file-name')).toEqual([]);
  });

  it('multi-file tools append; merge needs at least 2 PDFs', async () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Merge then compress', [['pdf/merge'], ['pdf/to/compress']]);
    const runner = await render(server, id);
    await expectState(runner, 'ready');
    await drop(runner, 'crazyones.pdf');
    await pressRun(runner);
    await expect.poll(() => runner.toastTitles()).toContain('Please upload at least 2 PDF files to merge');
    await drop(runner, 'annotated_pdf.pdf', 'pdflatex-4-pages.pdf');
    expect(runner.toastTitles()).toContain('2 file(s) uploaded');
    expect(runner.texts('file-name')).toEqual(['crazyones.pdf', 'annotated_pdf.pdf', 'pdflatex-4-pages.pdf']);
    expect(runner.screen.getByRole('heading', { name: 'Selected Files (3)' }).query()).not.toBeNull();
    await pressRun(runner);
    await expectState(runner, 'complete');
    const start = server.requests.find((request) => request.path.startsWith('/workflows/run/'));
    expect([...(start?.fields?.keys() ?? [])]).toEqual(['Files[0]', 'Files[1]', 'Files[2]']);
  });

  it('a web-to-pdf first step asks for a website URL instead of files', async () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Archive a page', [['web/to/pdf'], ['pdf/to/compress']]);
    const runner = await render(server, id);
    await expectState(runner, 'ready');
    expect(runner.part('dropzone')).toBeNull();
    await pressRun(runner);
    await expect.poll(() => runner.toastTitles()).toEqual(['Please enter a URL']);
    runner.screen.getByLabelText('Website URL').element().focus();
    await userEvent.keyboard('https://example.org/report{Enter}');
    await expectState(runner, 'complete');
    const start = server.requests.find((request) => request.path.startsWith('/workflows/run/'));
    expect(start?.fields?.get('Url')).toBe('https://example.org/report');
    expect(await seriousViolations(runner.root())).toEqual([]);
  });

  it("a missing workflow says 'Failed to load workflow' and asks the host to go back to the list", async () => {
    const server = createFakeStudioServer();
    const onMissing = vi.fn();
    const runner = await render(server, 'gone', { onMissing });
    await expectState(runner, 'missing');
    expect(onMissing).toHaveBeenCalledTimes(1);
    expect(runner.toasts()[0]).toMatchObject({ title: 'Failed to load workflow', variant: 'destructive' });
  });

  it("a visitor gets the 'Sign In Required' card, and so does a 401 from the server", async () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Compress', [['pdf/to/compress']]);
    const visitor = await render(server, id, { signedIn: false });
    expect(visitor.state()).toBe('visitor');
    await expect.element(visitor.screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    expect(server.requests).toEqual([]);
    await visitor.screen.unmount();
    server.signOut();
    const refused = await render(server, id);
    await expectState(refused, 'visitor');
    expect(await seriousViolations(refused.root())).toEqual([]);
  });
});
