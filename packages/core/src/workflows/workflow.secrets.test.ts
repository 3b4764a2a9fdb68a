/**
 * Passwords of saved workflows: the server answers a marker in their place; the model reads the
 * parameter as empty (the spec's odd marker) but keeps the marker, so saving without a new value
 * sends it back (the server keeps the password), a typed value replaces it, dropping it removes it;
 * a step holding one counts as filled in and makes the run go to the server.
 */
import { describe, expect, it } from 'vitest';
import { secretParameterNames } from '../catalogue';
import { fromWorkflowDto, heldSecretNames, toWorkflowRequestBody } from './workflow.mapping';
import { needsServerRun } from './workflow.server-run';
import { validateWorkflowDraft } from './workflow.validation';

const marker = { Set: true, Step: 2 };

const saved = () => {
  const workflow = fromWorkflowDto({
    Id: 'w1',
    Title: 'Lock',
    Steps: [
      { Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' },
      {
        Order: 2,
        Endpoint: 'pdf/to/protect',
        Parameters: { UserPassword: marker, OwnerPassword: 'typed-in-clear' },
        OnError: 'stop',
      },
    ],
  });
  if (!workflow) throw new Error('no workflow');
  return workflow;
};

describe('stored secrets', () => {
  it('names the password options of the catalogue as secrets', () => {
    expect(secretParameterNames('pdf/to/protect')).toEqual(['UserPassword', 'OwnerPassword']);
    expect(secretParameterNames('pdf/to/unprotect')).toEqual(['Password']);
    expect(secretParameterNames('office/to/pdf')).toEqual(['DocumentOpenPassword']);
    expect(secretParameterNames('pdf/to/rotate')).toEqual([]);
    // An endpoint the catalogue does not know: every password name, so none is taken for plain text.
    expect(secretParameterNames('test/to/unknown')).toEqual(
      expect.arrayContaining(['UserPassword', 'OwnerPassword', 'Password', 'DocumentOpenPassword']),
    );
  });

  it('reads the marker as an empty parameter and keeps it beside', () => {
    const protect = saved().steps[1];
    expect(protect?.parameters).toEqual({ UserPassword: '', OwnerPassword: 'typed-in-clear' });
    expect(protect?.storedSecrets).toEqual({ UserPassword: marker });
    expect(saved().steps[0]?.storedSecrets).toBeUndefined();
    // Objects under names that are not secrets stay odd markers, read as '' and not kept.
    const odd = fromWorkflowDto({
      Id: 'w2',
      Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: { Set: true } } }],
    });
    expect(odd?.steps[0]?.storedSecrets).toBeUndefined();
  });

  it('sends the marker back while the value is left blank, a typed value instead, nothing once dropped', () => {
    const workflow = saved();
    const kept = toWorkflowRequestBody({ name: workflow.name, steps: workflow.steps });
    expect(kept.steps[1]?.parameters).toEqual({ UserPassword: marker, OwnerPassword: 'typed-in-clear' });

    const [rotate, protect] = workflow.steps;
    if (!rotate || !protect) throw new Error('steps missing');
    const replaced = toWorkflowRequestBody({
      name: 'Lock',
      steps: [{ ...protect, parameters: { ...protect.parameters, UserPassword: 'new-one' } }],
    });
    expect(replaced.steps[0]?.parameters.UserPassword).toBe('new-one');

    const { storedSecrets: _dropped, ...withoutStored } = protect;
    const removed = toWorkflowRequestBody({ name: 'Lock', steps: [rotate, withoutStored] });
    expect(removed.steps[1]?.parameters).toEqual({ OwnerPassword: 'typed-in-clear' });
  });

  it('counts a stored password as given and runs such a workflow on the server', () => {
    const workflow = saved();
    expect(validateWorkflowDraft({ name: 'Lock', steps: workflow.steps })).toEqual([]);
    const protect = workflow.steps[1];
    if (!protect) throw new Error('no protect step');
    const { storedSecrets: _dropped, ...blank } = protect;
    expect(validateWorkflowDraft({ name: 'Lock', steps: [blank] })).toEqual([
      'Step 1: User password is required',
    ]);
    expect(heldSecretNames(protect)).toEqual(['UserPassword']);
    expect(needsServerRun(workflow)).toBe(true);
    const retyped = { ...protect, parameters: { ...protect.parameters, UserPassword: 'typed again' } };
    expect(heldSecretNames(retyped)).toEqual([]);
    expect(needsServerRun({ ...workflow, steps: [retyped] })).toBe(false);
  });
});
