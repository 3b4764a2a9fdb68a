import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversionClient } from '../api/conversion.client';
import { corpusBytes, useFakeProvider } from '../api/fake-provider.hooks';
import type { FakeProvider } from '../api/fake-provider.server';
import { createStudioEmitter } from '../events/studio.events';
import { makeStep } from './workflow.mapping';
import { runWorkflow } from './workflow.runner';
import type { StepRunState, Workflow } from './workflow.types';

const corpus = corpusBytes;
const docx = () =>
  new File([corpus('office/having-images.docx')], 'having-images.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });
const pdf = (name = 'crazyones.pdf') =>
  new File([corpus('pdf/crazyones.pdf')], name, { type: 'application/pdf' });

let provider: FakeProvider;
let client: ConversionClient;
useFakeProvider((started) => {
  provider = started;
});
beforeEach(() => {
  provider.acceptFileReferences(true);
  client = new ConversionClient({ apiUrl: provider.url, token: 'tok' });
});

const workflowOf = (
  ...steps: Array<[string, Record<string, string>?, ('stop' | 'continue')?]>
): Workflow => ({
  id: 'w',
  name: 'test',
  steps: steps.map(([endpoint, parameters = {}, onError = 'stop'], i) =>
    makeStep(endpoint, parameters, i + 1, onError),
  ),
});
const converts = () => provider.requests.filter((r) => r.path.startsWith('/convert/'));

describe('runWorkflow', () => {
  it('runs steps in order, chains outputs by FileId, reports statuses, progress and messages', async () => {
    const snapshots: StepRunState[][] = [];
    const percents: number[] = [];
    const events: string[] = [];
    const emitter = createStudioEmitter();
    emitter.on('step-change', ({ order, status }) => events.push(`${order}:${status}`));
    const result = await runWorkflow(
      workflowOf(
        ['office/to/pdf', { PdfVersion: '1.7' }],
        ['pdf/to/compress', { Preset: 'web' }],
        ['pdf/to/rotate', { RotatePage: '90' }],
      ),
      { files: [docx()] },
      {
        client,
        onStepsChange: (s) => snapshots.push([...s]),
        onProgress: (p) => percents.push(p),
        events: emitter,
      },
    );
    expect(result.status).toBe('completed');
    expect(snapshots[0]!.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(events).toEqual([
      '1:running',
      '1:completed',
      '2:running',
      '2:completed',
      '3:running',
      '3:completed',
    ]);
    expect(percents).toEqual([0, 33, 67, 100]);
    expect(result.messages).toEqual([
      'Step 1: Office to PDF completed',
      'Step 2: Compress PDF completed',
      'Step 3: Rotate PDF completed',
      'Workflow completed successfully!',
    ]);
    const [first, second, third] = converts();
    expect(first!.path).toBe('/convert/office/to/pdf');
    expect((first!.fields[0]!.value as { fileName: string }).fileName).toBe('having-images.docx');
    // Later steps get the previous output's FileId, not re-uploaded bytes.
    const firstOutput = result.steps[0]!.files![0]!;
    expect(second!.fields.find((f) => f.name === 'File')!.value).toBe(firstOutput.fileId);
    expect(second!.fields.find((f) => f.name === 'Preset')!.value).toBe('web');
    expect(third!.fields.find((f) => f.name === 'RotatePage')!.value).toBe('90');
    expect(result.files[0]!.fileName).toBe('having-images.pdf');
    expect(result.files[0]!.fileSize).toBe(docx().size);
  });

  it("falls back to fetching and re-uploading when the server refuses a FileId ('auto')", async () => {
    provider.acceptFileReferences(false);
    const result = await runWorkflow(
      workflowOf(['pdf/to/compress'], ['pdf/to/rotate']),
      { files: [pdf()] },
      { client },
    );
    expect(result.status).toBe('completed');
    const rotates = converts().filter((r) => r.path === '/convert/pdf/to/rotate');
    expect(rotates).toHaveLength(2);
    const reuploaded = rotates[1]!.fields.find((f) => f.name === 'File')!.value as {
      bytes: Buffer;
      fileName: string;
    };
    expect(reuploaded.fileName).toBe('crazyones.pdf');
    expect(reuploaded.bytes.equals(corpus('pdf/crazyones.pdf'))).toBe(true);
    expect(provider.requests.some((r) => r.method === 'GET' && r.path.startsWith('/d/'))).toBe(true);
  });

  it("'reference' mode reports the server's refusal as a parameter validation error", async () => {
    provider.acceptFileReferences(false);
    const result = await runWorkflow(
      workflowOf(['pdf/to/compress'], ['pdf/to/rotate']),
      { files: [pdf()] },
      {
        client,
        chaining: 'reference',
      },
    );
    expect(result.status).toBe('failed');
    expect(result.errors).toEqual([
      'Step 2 failed: Parameter validation error - File: Unknown FileId',
      'Workflow execution failed',
    ]);
  });

  it('a failing step with onError stop ends the run; later steps stay pending; progress counts completed steps', async () => {
    provider.answerNext('/convert/pdf/to/compress', {
      status: 500,
      body: JSON.stringify({ Code: 5002, Message: 'The file is damaged' }),
    });
    const messages: string[] = [];
    const result = await runWorkflow(
      workflowOf(['pdf/to/rotate'], ['pdf/to/compress'], ['pdf/to/watermark', { Text: 'DRAFT' }]),
      { files: [pdf()] },
      { client, onMessage: (m) => messages.push(m) },
    );
    expect(result.status).toBe('failed');
    expect(result.steps.map((s) => s.status)).toEqual(['completed', 'error', 'pending']);
    expect(result.steps[1]!.error).toBe('Step 2 failed: The file is damaged');
    expect(result.errors).toEqual(['Step 2 failed: The file is damaged', 'Workflow execution failed']);
    expect(messages).toContain('Step 1: Rotate PDF completed');
    expect(result.progress).toBe(33);
    expect(converts().some((r) => r.path === '/convert/pdf/to/watermark')).toBe(false);
  });

  it("uses 'Step failed: {status text}' without a Message and lists every InvalidParameters reason", async () => {
    provider.answerNext('/convert/', { status: 502, statusText: 'Bad Gateway', body: '<html>' });
    const gateway = await runWorkflow(workflowOf(['pdf/to/compress']), { files: [pdf()] }, { client });
    expect(gateway.errors[0]).toBe('Step 1 failed: Step failed: Bad Gateway');
    provider.answerNext('/convert/', {
      status: 400,
      body: JSON.stringify({
        Code: 4000,
        Message: 'Parameter validation error',
        InvalidParameters: {
          RotatePage: ['must be 90, 180 or 270', 'is not a number'],
          PageRange: ['bad range'],
        },
      }),
    });
    const invalid = await runWorkflow(
      workflowOf(['pdf/to/rotate', { RotatePage: '45' }]),
      { files: [pdf()] },
      { client },
    );
    expect(invalid.errors[0]).toBe(
      'Step 1 failed: Parameter validation error - RotatePage: must be 90, 180 or 270, is not a number; PageRange: bad range',
    );
  });

  it('multi-file steps send Files[i] (merge by its workflow spelling posts to pdf/to/merge)', async () => {
    const result = await runWorkflow(
      workflowOf(['pdf/merge'], ['pdf/to/compress']),
      { files: [pdf('a.pdf'), pdf('b.pdf')] },
      { client },
    );
    expect(result.status).toBe('completed');
    const merge = converts()[0]!;
    expect(merge.path).toBe('/convert/pdf/to/merge');
    expect(merge.fields.map((f) => f.name)).toEqual(['Files[0]', 'Files[1]', 'StoreFile']);
    expect(result.files[0]!.fileSize).toBe(2 * pdf().size);
  });

  it('a single-file step after a step with several outputs runs once per file', async () => {
    const a = await client.uploadFile(pdf('part-1.pdf'));
    const b = await client.uploadFile(pdf('part-2.pdf'));
    const describe = (u: { fileId: string; fileName: string }) => ({
      FileName: u.fileName,
      FileSize: pdf().size,
      FileId: u.fileId,
      Url: `${provider.url}/d/${u.fileId}/${u.fileName}`,
    });
    provider.answerNext('/convert/pdf/to/split', {
      status: 200,
      body: JSON.stringify({ Files: [describe(a), describe(b)] }),
    });
    const result = await runWorkflow(
      workflowOf(['pdf/to/split'], ['pdf/to/compress']),
      { files: [pdf()] },
      { client },
    );
    expect(result.status).toBe('completed');
    expect(result.files.map((f) => f.fileName)).toEqual(['part-1.pdf', 'part-2.pdf']);
    expect(converts().filter((r) => r.path === '/convert/pdf/to/compress')).toHaveLength(2);
  });

  it('web-to-pdf first step sends Url; an unknown endpoint falls back to a single File with a warning', async () => {
    const warn = vi.fn();
    const result = await runWorkflow(
      workflowOf(['web/to/pdf'], ['pdf/to/frobnicate', { Level: '3' }]),
      { url: ' https://example.com ' },
      { client, logger: { warn } },
    );
    expect(result.status).toBe('completed');
    expect(converts()[0]!.fields).toEqual([
      { name: 'Url', value: 'https://example.com' },
      { name: 'StoreFile', value: 'true' },
    ]);
    expect(converts()[1]!.fields.map((f) => f.name)).toEqual(['File', 'Level', 'StoreFile']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('pdf/to/frobnicate'));
  });

  it("onError 'continue' feeds the next step the last good outputs", async () => {
    provider.answerNext('/convert/pdf/to/compress', {
      status: 500,
      body: JSON.stringify({ Message: 'nope' }),
    });
    const result = await runWorkflow(
      workflowOf(
        ['pdf/to/rotate'],
        ['pdf/to/compress', {}, 'continue'],
        ['pdf/to/watermark', { Text: 'COPY' }],
      ),
      { files: [pdf()] },
      { client },
    );
    expect(result.steps.map((s) => s.status)).toEqual(['completed', 'error', 'completed']);
    expect(result.status).toBe('failed');
    const watermark = converts().find((r) => r.path === '/convert/pdf/to/watermark')!;
    expect(watermark.fields.find((f) => f.name === 'File')!.value).toBe(result.steps[0]!.files![0]!.fileId);
  });

  it('an abort stops the run with status aborted and never throws', async () => {
    provider.throttleUploads(32 * 1024, 20);
    try {
      const controller = new AbortController();
      const big = new File([new Uint8Array(4 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
      setTimeout(() => controller.abort(), 100);
      const result = await runWorkflow(
        workflowOf(['pdf/to/compress'], ['pdf/to/rotate']),
        { files: [big] },
        {
          client,
          signal: controller.signal,
        },
      );
      expect(result.status).toBe('aborted');
      expect(result.steps.map((s) => s.status)).toEqual(['error', 'pending']);
      expect(result.errors).toEqual(['Step 1 failed: The request was aborted']);
    } finally {
      provider.throttleUploads(Number.MAX_SAFE_INTEGER, 1);
    }
  });

  it('a workflow without steps fails with the spec text instead of reporting success', async () => {
    const result = await runWorkflow({ id: 'w', name: 'empty', steps: [] }, { files: [pdf()] }, { client });
    expect(result).toMatchObject({
      status: 'failed',
      errors: ['At least one step is required'],
      progress: 0,
    });
  });

  it('missing input is reported as a step failure, not thrown', async () => {
    const result = await runWorkflow(workflowOf(['pdf/to/compress']), { files: [] }, { client });
    expect(result.status).toBe('failed');
    expect(result.errors[0]).toBe('Step 1 failed: Please upload a PDF file to convert.');
    expect(converts()).toHaveLength(0);
  });
});
