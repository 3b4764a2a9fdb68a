import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getTool, tools } from '../catalogue';
import { canFollow, firstStepChoices, nextStepChoices } from './workflow.compatibility';
import { fromWorkflowDto, readParameterValue, toWorkflowRequestBody } from './workflow.mapping';
import { createStepForTool, validateWorkflowBasics, validateWorkflowDraft } from './workflow.validation';

const step = (endpoint: string, parameters: Record<string, string> = {}) => ({ endpoint, parameters });

describe('DTO mapping', () => {
  it('maps Id/Title/Steps/CreatedAt/UpdatedAt to id/name/steps/createdAt/updatedAt, steps by Order', () => {
    const workflow = fromWorkflowDto({
      Id: 'w1',
      Title: 'Invoice Processing',
      Steps: [
        { Order: 2, Endpoint: 'pdf/to/compress', Parameters: { Preset: 'web' }, OnError: 'stop' },
        { Order: 1, Endpoint: 'office/to/pdf', Parameters: {}, OnError: 'stop' },
      ],
      CreatedAt: '2025-01-01T00:00:00Z',
      UpdatedAt: '2025-01-02T00:00:00Z',
    });
    expect(workflow).toMatchObject({
      id: 'w1',
      name: 'Invoice Processing',
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-02T00:00:00Z',
    });
    expect(workflow!.steps.map((s) => [s.order, s.endpoint, s.toolName, s.toolId])).toEqual([
      [1, 'office/to/pdf', 'Office to PDF', 'office-to-pdf'],
      [2, 'pdf/to/compress', 'Compress PDF', 'pdf-compress'],
    ]);
    expect(workflow!.steps[1]!.parameters).toEqual({ Preset: 'web' });
  });

  it('reads camelCase answers and [{Name, Value}] parameter lists too', () => {
    const workflow = fromWorkflowDto({
      id: 7,
      name: 'x',
      steps: [{ order: 1, endpoint: 'pdf/to/rotate', parameters: [{ Name: 'RotatePage', Value: 180 }] }],
    });
    expect(workflow).toMatchObject({ id: '7', name: 'x' });
    expect(workflow!.steps[0]!.parameters).toEqual({ RotatePage: '180' });
    expect(workflow!.steps[0]!.onError).toBe('stop');
  });

  it('odd-marker parameters (non-scalar values, serialisation artefacts) read as empty', () => {
    for (const odd of [null, { $type: 'x' }, [1], Number.NaN, '[object Object]', 'undefined', 'null']) {
      expect(readParameterValue(odd)).toBe('');
    }
    expect(readParameterValue(false)).toBe('false');
    expect(readParameterValue(' keep ')).toBe(' keep ');
  });

  it('never throws on arbitrary JSON and never yields a workflow without an id', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const workflow = fromWorkflowDto(value);
        if (workflow) expect(workflow.id.trim()).not.toBe('');
      }),
    );
  });

  it('the request body orders steps from 1, trims the name, drops blank parameters and says onError stop', () => {
    expect(
      toWorkflowRequestBody({
        name: '  Legal  ',
        steps: [
          step('pdf/to/compress', { Preset: 'web', Empty: '  ' }),
          { ...step('pdf/merge'), onError: 'continue' },
        ],
      }),
    ).toEqual({
      name: 'Legal',
      steps: [
        { order: 1, endpoint: 'pdf/to/compress', parameters: { Preset: 'web' }, onError: 'stop' },
        { order: 2, endpoint: 'pdf/merge', parameters: {}, onError: 'stop' },
      ],
    });
  });
});

describe('create and edit validation', () => {
  it('name and steps are required', () => {
    expect(validateWorkflowDraft({ name: '  ', steps: [] })).toEqual([
      'Workflow name is required',
      'At least one step is required',
    ]);
    expect(validateWorkflowBasics({ name: 'ok', steps: [] })).toEqual(['At least one step is required']);
  });

  it("an endpoint without '/to/' is invalid, except the catalogue's own pdf/merge", () => {
    expect(validateWorkflowDraft({ name: 'n', steps: [step('compress'), step('pdf/merge')] })).toEqual([
      'Step 1: Invalid endpoint format',
    ]);
  });

  it('required parameters use the option label; web-to-pdf url and hidden options are not asked for', () => {
    const protect = getTool('pdf-protect');
    const label = protect.options.find((o) => o.name === 'UserPassword')!.label;
    expect(
      validateWorkflowDraft({ name: 'n', steps: [step('pdf/to/protect', { UserPassword: ' ' })] }),
    ).toEqual([`Step 1: ${label} is required`]);
    expect(
      validateWorkflowDraft({
        name: 'n',
        steps: [step('web/to/pdf'), step('pdf/to/redact', { Preset: 'auto' })],
      }),
    ).toEqual([]);
    const terms = getTool('pdf-redact').options.find((o) => o.shownWhen)!;
    expect(
      validateWorkflowDraft({ name: 'n', steps: [step('pdf/to/redact', { Preset: 'manual' })] }),
    ).toEqual([`Step 1: ${terms.label} is required`]);
  });

  it('consecutive steps must be format-compatible', () => {
    expect(
      validateWorkflowDraft({ name: 'n', steps: [step('pdf/to/docx'), step('pdf/to/compress')] }),
    ).toEqual(['Step 2: Cannot accept output from step 1 (format mismatch)']);
    expect(
      validateWorkflowDraft({
        name: 'n',
        steps: [step('office/to/pdf'), step('pdf/to/ocr'), step('pdf/to/compress')],
      }),
    ).toEqual([]);
    // OCR to text outputs txt only, so nothing PDF-based may follow it.
    expect(
      validateWorkflowDraft({ name: 'n', steps: [step('pdf/to/txt'), step('pdf/to/compress')] }),
    ).toEqual(['Step 2: Cannot accept output from step 1 (format mismatch)']);
  });

  it("adding a step without a tool says 'Please select a tool'; with one it uses the workflow endpoint", () => {
    expect(createStepForTool('', {}, 1)).toEqual({ ok: false, error: 'Please select a tool' });
    const added = createStepForTool('pdf-merge', { Blank: ' ' }, 3);
    expect(added.ok && added.step).toMatchObject({
      endpoint: 'pdf/merge',
      order: 3,
      parameters: {},
      toolName: 'Merge PDF',
    });
  });
});

describe('tool choices', () => {
  it('first step: tools taking a url or a pdf/office/image/html input', () => {
    const ids = firstStepChoices().map((t) => t.id);
    expect(ids).toContain('web-to-pdf');
    expect(ids).toContain('office-to-pdf');
    expect(ids).toContain('images-to-pdf');
    expect(ids).toContain('pdf-merge');
    expect(ids).toHaveLength(tools.length);
  });

  it('later steps: only tools whose inputs match the last step outputs', () => {
    const afterWord = nextStepChoices(getTool('pdf-to-word'));
    expect(afterWord.map((t) => t.id)).toEqual(['office-to-pdf']);
    const afterPdf = nextStepChoices(getTool('pdf-compress')).map((t) => t.id);
    expect(afterPdf).not.toContain('web-to-pdf');
    expect(afterPdf).not.toContain('office-to-pdf');
    expect(afterPdf).toContain('pdf-to-word');
    expect(nextStepChoices(getTool('pdf-ocr'), 'pdf/to/txt')).toEqual([]);
    for (const tool of afterPdf.map((id) => getTool(id)))
      expect(canFollow(getTool('pdf-compress'), tool)).toBe(true);
  });
});
