import { describe, expect, it } from 'vitest';
import { getTool } from '../catalogue';
import {
  builderStep,
  describeStepParameters,
  stepParametersFrom,
  toolChoicesAfter,
  workflowJsonPreview,
} from './workflow.builder';
import { makeStep } from './workflow.mapping';

const ids = (list: readonly { id: string }[]) => list.map((tool) => tool.id);

describe('workflow builder helpers', () => {
  it('offers the first step only tools taking url, pdf, office, jpg/png or html; later steps match the last output', () => {
    const first = ids(toolChoicesAfter([]));
    expect(first).toContain('web-to-pdf');
    expect(first).toContain('office-to-pdf');
    expect(first).toContain('pdf-compress');
    const afterWord = ids(toolChoicesAfter([{ endpoint: 'pdf/to/docx' }]));
    // A .docx output goes to Office to PDF only.
    expect(afterWord).toEqual(['office-to-pdf']);
    const afterTextOcr = ids(toolChoicesAfter([{ endpoint: 'pdf/to/txt' }]));
    expect(afterTextOcr).toEqual([]);
    expect(ids(toolChoicesAfter([{ endpoint: 'pdf/to/jpg' }]))).toEqual(['images-to-pdf']);
  });

  it('makes parameters as the tool page sends them: shown options, defaults, blanks dropped', () => {
    const redact = getTool('pdf-redact');
    expect(stepParametersFrom(redact, { Preset: 'auto' })).not.toHaveProperty('RedactionTerms');
    expect(stepParametersFrom(getTool('pdf-protect'), { UserPassword: 'pw', OwnerPassword: '  ' })).toEqual(
      expect.objectContaining({ UserPassword: 'pw' }),
    );
    expect(stepParametersFrom(getTool('pdf-protect'), { UserPassword: 'pw' })).not.toHaveProperty(
      'OwnerPassword',
    );
  });

  it("'Add step' needs a tool; OCR's Text File output picks pdf/to/txt; merge keeps its workflow spelling", () => {
    expect(builderStep('', {}, 1)).toEqual({ ok: false, error: 'Please select a tool' });
    const ocr = builderStep('pdf-ocr', { Language: 'de' }, 2, 'txt');
    expect(ocr.ok && ocr.step.endpoint).toBe('pdf/to/txt');
    expect(ocr.ok && ocr.step.parameters).toEqual({ Language: 'de' });
    const merge = builderStep('pdf-merge', {}, 1);
    expect(merge.ok && merge.step.endpoint).toBe(getTool('pdf-merge').workflowEndpoint ?? 'pdf/to/merge');
  });

  it('lists parameters with their labels and never shows a password, typed or stored', () => {
    const typed = makeStep('pdf/to/protect', { UserPassword: 'hunter2' }, 1);
    const stored = makeStep('pdf/to/protect', {}, 2, 'stop', { UserPassword: { Set: true, Step: 2 } });
    expect(describeStepParameters(typed)).toEqual([
      { name: 'UserPassword', label: 'User password', value: null },
    ]);
    expect(describeStepParameters(stored)).toEqual([
      { name: 'UserPassword', label: 'User password', value: null },
    ]);
    const compress = makeStep('pdf/to/compress', { Preset: 'web' }, 1);
    const preset = getTool('pdf-compress').options.find((option) => option.name === 'Preset');
    expect(describeStepParameters(compress)).toEqual([
      {
        name: 'Preset',
        label: preset?.label,
        value: preset?.options?.find((choice) => choice.value === 'web')?.label,
      },
    ]);
    const json = workflowJsonPreview({ name: 'Flow', steps: [typed, stored] });
    expect(json).not.toContain('hunter2');
    expect(JSON.parse(json).steps.map((s: { parameters: unknown }) => s.parameters)).toEqual([
      { UserPassword: { Set: true } },
      { UserPassword: { Set: true, Step: 2 } },
    ]);
  });
});
