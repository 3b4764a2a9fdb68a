import { getTool, toolChoicesAfter } from '@docstudio/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { seriousViolations } from '../../testing/axe.check';
import {
  createFakeStudioServer,
  expectState,
  renderWorkflow,
  serverProps,
  type WorkflowHarness,
} from '../../testing/workflow.harness';
import { WorkflowBuilder } from './WorkflowBuilder';

const toolSelect = (builder: WorkflowHarness) => builder.part('tool-select') as HTMLSelectElement;
const offered = (builder: WorkflowHarness) =>
  [...toolSelect(builder).options].map((option) => option.value).filter(Boolean);
const jsonView = (builder: WorkflowHarness) =>
  JSON.parse((builder.part('json') as HTMLTextAreaElement).value) as {
    name: string;
    steps: Array<{ order: number; endpoint: string; parameters: Record<string, unknown>; onError: string }>;
  };

/** Chooses an option as a keyboard user does: focus the closed picker, Home, then Arrow Down to it. */
async function pickOption(select: HTMLSelectElement, label: string): Promise<void> {
  const index = [...select.options].findIndex((option) => option.textContent === label);
  expect(index, `${label} is offered`).toBeGreaterThanOrEqual(0);
  select.focus();
  await userEvent.keyboard(`{Home}${'{ArrowDown}'.repeat(index)}`);
  await expect.poll(() => select.selectedOptions[0]?.textContent).toBe(label);
}

/** Presses a button from the keyboard (toasts may cover it for a pointer, not for a keyboard). */
async function press(button: { element(): Element }): Promise<void> {
  (button.element() as HTMLElement).focus();
  await userEvent.keyboard('{Enter}');
}

const pickTool = (builder: WorkflowHarness, name: string) => pickOption(toolSelect(builder), name);

async function addStep(builder: WorkflowHarness): Promise<void> {
  builder.screen.getByRole('button', { name: 'Add step' }).element().focus();
  await userEvent.keyboard('{Enter}');
}

describe('WorkflowBuilder (create)', () => {
  it('creates Office to PDF -> Compress -> Protect by keyboard only, with the spec body', async () => {
    const server = createFakeStudioServer();
    const onDone = vi.fn();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} onDone={onDone} />,
      'workflow-builder',
    );
    expect(builder.screen.getByRole('heading', { level: 2 }).element().textContent).toBe('Create Workflow');
    builder.screen.getByLabelText('Workflow Name').element().focus();
    await userEvent.keyboard('Invoices');

    await pickTool(builder, 'Office to PDF');
    await addStep(builder);
    await expect.poll(() => builder.toastTitles()).toContain('Step added to workflow');
    await pickTool(builder, 'Compress PDF');
    const preset = builder.screen.getByLabelText('Compression preset');
    await expect.element(preset).toBeVisible();
    await addStep(builder);
    await pickTool(builder, 'Protect PDF');
    builder.screen.getByLabelText('User password', { exact: true }).element().focus();
    await userEvent.keyboard('s3cret!');
    await addStep(builder);
    await expect.poll(() => builder.parts('step').length).toBe(3);
    expect(builder.parts('step-tool').map((node) => node.textContent)).toEqual([
      'Office to PDF',
      'Compress PDF',
      'Protect PDF',
    ]);
    // The password is shown as set, never in clear, in the steps and in the JSON view.
    expect(builder.root().textContent).not.toContain('s3cret!');
    expect(jsonView(builder).steps[2]?.parameters.UserPassword).toEqual({ Set: true });
    expect(await seriousViolations(builder.root())).toEqual([]);

    builder.screen.getByRole('button', { name: 'Create Workflow' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onDone.mock.calls.length).toBe(1);
    const request = server.requests.find((entry) => entry.path === '/workflows/create');
    expect(request?.json).toEqual({
      name: 'Invoices',
      steps: [
        { order: 1, endpoint: 'office/to/pdf', parameters: expect.any(Object), onError: 'stop' },
        {
          order: 2,
          endpoint: 'pdf/to/compress',
          parameters: expect.objectContaining({ Preset: expect.any(String) }),
          onError: 'stop',
        },
        {
          order: 3,
          endpoint: 'pdf/to/protect',
          parameters: expect.objectContaining({ UserPassword: 's3cret!' }),
          onError: 'stop',
        },
      ],
    });
    expect(builder.toastTitles()).toContain('Workflow created successfully!');
    expect(onDone.mock.calls[0]?.[0].workflow.name).toBe('Invoices');
  });

  it('offers the spec first-step tools, then only tools that take the last output', async () => {
    const server = createFakeStudioServer();
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    expect(offered(builder).sort()).toEqual(
      toolChoicesAfter([])
        .map((tool) => tool.id)
        .sort(),
    );
    expect([...toolSelect(builder).querySelectorAll('optgroup')].map((group) => group.label)).toEqual([
      'Convert',
      'Optimize',
      'Security',
      'Organize',
      'Edit',
      'Text',
    ]);
    await pickTool(builder, 'PDF to Word');
    await addStep(builder);
    // A .docx goes on only to Office to PDF.
    await expect.poll(() => offered(builder)).toEqual(['office-to-pdf']);
    await pickTool(builder, 'Office to PDF');
    await addStep(builder);
    await pickTool(builder, 'OCR PDF');
    const output = builder.part('output-format') as HTMLSelectElement;
    await pickOption(output, getTool('pdf-ocr').endpointChoices?.find((c) => c.value === 'txt')?.label ?? '');
    expect(output.value).toBe('txt');
    await addStep(builder);
    await expect.poll(() => builder.parts('step').length).toBe(3);
    expect(jsonView(builder).steps[2]?.endpoint).toBe('pdf/to/txt');
    expect(offered(builder)).toEqual([]);
    expect(builder.part('no-compatible-tool')?.textContent).toBe(
      'No tool accepts the output of the last step.',
    );
  });

  it("offers an OCR step the server's installed languages after the 27, and stores the one picked", async () => {
    const server = createFakeStudioServer();
    // the fake keeps paths outside workflows, job and convert whole
    server.answerNext('/v2/ocr/languages', 200, {
      Languages: [
        { Code: 'en', Name: 'English', Listed: true },
        { Code: 'cs', Name: 'Czech', Listed: false },
        { Code: 'fr', Name: 'French', Listed: false },
      ],
    });
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    await pickTool(builder, 'OCR PDF');
    const language = () =>
      builder.root().querySelector<HTMLSelectElement>('[data-option="Language"] select') as HTMLSelectElement;
    await expect
      .poll(() => [...language().options].slice(27).map((option) => option.textContent))
      .toEqual(['Czech', 'French']);
    expect([...language().options].slice(0, 27).map((option) => option.value)).toEqual(
      getTool('pdf-ocr').options[0]?.options?.map((choice) => choice.value),
    );
    await pickOption(language(), 'French');
    await addStep(builder);
    await expect.poll(() => jsonView(builder).steps[0]?.parameters).toMatchObject({ Language: 'fr' });
  });

  it('shows each tool its catalogue parameters (required ones marked), the chosen values in the preview', async () => {
    const server = createFakeStudioServer();
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    await pickTool(builder, 'Add Watermark');
    const watermark = getTool('pdf-watermark');
    const names = builder.parts('option-input').map((input) => input.getAttribute('data-option'));
    expect(names).toEqual(watermark.options.map((option) => option.name));
    expect(builder.screen.getByLabelText('Watermark text').element().getAttribute('aria-required')).toBe(
      'true',
    );
    await pickTool(builder, 'PDF to JPG');
    // Workflow-only catalogue options (quality, DPI) are asked here, unlike on the tool page.
    expect(builder.parts('option-input').map((input) => input.getAttribute('data-option'))).toEqual([
      'Quality',
      'Dpi',
    ]);
  });

  it('reports every validation message in the spec words, and adds no step without a tool', async () => {
    const server = createFakeStudioServer();
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    await addStep(builder);
    await expect
      .poll(() => builder.toasts())
      .toContainEqual({
        title: 'Please select a tool',
        message: '',
        variant: 'failure',
      });
    await press(builder.screen.getByRole('button', { name: 'Create Workflow' }));
    await expect
      .poll(() => builder.part('validation-errors')?.textContent)
      .toBe('Workflow name is requiredAt least one step is required');
    expect(builder.toasts()).toContainEqual({
      title: 'Validation Error',
      message: 'Workflow name is required',
      variant: 'failure',
    });
    expect(builder.screen.getByLabelText('Workflow Name').element().getAttribute('aria-invalid')).toBe(
      'true',
    );

    await builder.screen.getByLabelText('Workflow Name').fill('Broken');
    await pickTool(builder, 'Compress PDF');
    await addStep(builder);
    await pickTool(builder, 'PDF to Word');
    await addStep(builder);
    await pickTool(builder, 'Office to PDF');
    await addStep(builder);
    await pickTool(builder, 'Protect PDF');
    await addStep(builder);
    await expect.poll(() => builder.parts('step').length).toBe(4);
    // Removing the middle step leaves Office to PDF after a PDF: a format mismatch.
    builder.screen.getByRole('button', { name: 'Remove step 2: PDF to Word' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => builder.parts('step').length).toBe(3);
    expect(builder.toastTitles()).toContain('Step removed from workflow');
    await expect
      .element(builder.screen.getByRole('button', { name: 'Remove step 2: Office to PDF' }))
      .toHaveFocus();
    await press(builder.screen.getByRole('button', { name: 'Create Workflow' }));
    await expect
      .poll(() =>
        [...(builder.part('validation-errors')?.querySelectorAll('li') ?? [])].map((li) => li.textContent),
      )
      .toEqual([
        'Step 2: Cannot accept output from step 1 (format mismatch)',
        'Step 3: User password is required',
      ]);
    expect(server.requests.some((request) => request.path === '/workflows/create')).toBe(false);
    expect(await seriousViolations(builder.root())).toEqual([]);
  });

  it("a failed save shows 'Failed to save workflow' and keeps the form as it was", async () => {
    const server = createFakeStudioServer();
    server.answerNext('/workflows/create', 500, { Code: 5001, Message: 'Disk full' });
    const onDone = vi.fn();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} onDone={onDone} />,
      'workflow-builder',
    );
    await builder.screen.getByLabelText('Workflow Name').fill('Compress only');
    await pickTool(builder, 'Compress PDF');
    await addStep(builder);
    await press(builder.screen.getByRole('button', { name: 'Create Workflow' }));
    await expect
      .poll(() => builder.toasts())
      .toContainEqual({
        title: 'Failed to save workflow',
        message: 'Failed to create workflow: Disk full',
        variant: 'destructive',
      });
    expect(builder.toastTitles()).not.toContain('Workflow created successfully!');
    expect(onDone).not.toHaveBeenCalled();
    expect(builder.state()).toBe('editing');
    await expect.element(builder.screen.getByLabelText('Workflow Name')).toHaveValue('Compress only');
    expect(builder.parts('step')).toHaveLength(1);
  });

  it('copies the JSON view to the clipboard', async () => {
    const server = createFakeStudioServer();
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    await builder.screen.getByLabelText('Workflow Name').fill('Copy me');
    await pickTool(builder, 'Rotate PDF');
    await addStep(builder);
    builder.screen.getByRole('button', { name: 'Copy workflow JSON' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => builder.toastTitles()).toContain('JSON copied to clipboard');
    // The clipboard's content, pasted back by keyboard into a field.
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    await userEvent.keyboard('{Control>}v{/Control}');
    expect(JSON.parse(field.value)).toEqual(jsonView(builder));
    field.remove();
  });
  it("without a clipboard (a page served over plain http has none) says 'Failed to copy JSON to clipboard'", async () => {
    const server = createFakeStudioServer();
    const builder = await renderWorkflow(<WorkflowBuilder {...serverProps(server)} />, 'workflow-builder');
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await press(builder.screen.getByRole('button', { name: 'Copy workflow JSON' }));
      await expect
        .poll(() => builder.toasts())
        .toContainEqual({
          title: 'Failed to copy JSON to clipboard',
          message: '',
          variant: 'failure',
        });
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
      expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')).toEqual(real);
    }
  });
});

describe('WorkflowBuilder (edit)', () => {
  const stored = () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Secure flow', [
      ['pdf/to/compress', { Preset: 'ebook' }],
      ['pdf/to/protect', { UserPassword: 'kept-on-server' }],
    ]);
    return { server, id };
  };

  it('loads by id, shows a stored password as set, and updates with the marker sent back', async () => {
    const { server, id } = stored();
    server.holdNext('/workflows/get/');
    const onDone = vi.fn();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} workflowId={id} onDone={onDone} />,
      'workflow-builder',
    );
    await expect.element(builder.screen.getByRole('status')).toHaveTextContent('Loading workflow...');
    server.release();
    await expectState(builder, 'editing');
    expect(builder.screen.getByRole('heading', { level: 2 }).element().textContent).toBe('Edit Workflow');
    await expect.element(builder.screen.getByLabelText('Workflow Name')).toHaveValue('Secure flow');
    expect(builder.parts('step-tool').map((node) => node.textContent)).toEqual([
      'Compress PDF',
      'Protect PDF',
    ]);
    const secret = builder.root().querySelector('[data-secret="true"]');
    expect(secret?.textContent).toBe('set');
    expect(builder.root().textContent).not.toContain('kept-on-server');
    expect(jsonView(builder).steps[1]?.parameters.UserPassword).toEqual({ Set: true, Step: 2 });

    await builder.screen.getByLabelText('Workflow Name').fill('Secure flow v2');
    await press(builder.screen.getByRole('button', { name: 'Update Workflow' }));
    await expect.poll(() => onDone.mock.calls.length).toBe(1);
    const update = server.requests.find((request) => request.method === 'PATCH');
    expect(update?.path).toBe(`/workflows/update/${id}`);
    expect(update?.json).toMatchObject({
      name: 'Secure flow v2',
      steps: [{}, { parameters: { UserPassword: { Set: true, Step: 2 } } }],
    });
    expect(server.workflows.get(id)?.Steps[1]?.Parameters.UserPassword).toBe('kept-on-server');
    expect(builder.toastTitles()).toContain('Workflow updated successfully');
  });

  it('Update Workflow is disabled without a name or a step', async () => {
    const { server, id } = stored();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} workflowId={id} />,
      'workflow-builder',
    );
    await expectState(builder, 'editing');
    const update = builder.screen.getByRole('button', { name: 'Update Workflow' });
    await expect.element(update).toBeEnabled();
    await builder.screen.getByLabelText('Workflow Name').fill('   ');
    await expect.element(update).toBeDisabled();
    await builder.screen.getByLabelText('Workflow Name').fill('Named');
    await press(builder.screen.getByRole('button', { name: 'Remove step 2: Protect PDF' }));
    await press(builder.screen.getByRole('button', { name: 'Remove step 1: Compress PDF' }));
    await expect.element(update).toBeDisabled();
    expect(builder.part('no-steps')?.textContent).toBe('No steps added yet');
  });

  it("a refused update says 'Failed to update workflow'", async () => {
    const { server, id } = stored();
    server.answerNext('/workflows/update/', 409, { Message: 'Changed elsewhere' });
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} workflowId={id} />,
      'workflow-builder',
    );
    await expectState(builder, 'editing');
    await press(builder.screen.getByRole('button', { name: 'Update Workflow' }));
    await expect
      .poll(() => builder.toasts())
      .toContainEqual({
        title: 'Failed to update workflow',
        message: 'Failed to update workflow: Changed elsewhere',
        variant: 'destructive',
      });
  });

  it("a stored step on a malformed endpoint is refused: 'Step 1: Invalid endpoint format'", async () => {
    const server = createFakeStudioServer();
    const id = server.addWorkflow('Old data', [['compress']]);
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} workflowId={id} />,
      'workflow-builder',
    );
    await expectState(builder, 'editing');
    await press(builder.screen.getByRole('button', { name: 'Update Workflow' }));
    await expect
      .poll(() => builder.part('validation-errors')?.textContent)
      .toBe('Step 1: Invalid endpoint format');
  });

  it("a missing id says 'Failed to load workflow' and asks the host to go back to the list", async () => {
    const server = createFakeStudioServer();
    const onMissing = vi.fn();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} workflowId="nope" onMissing={onMissing} />,
      'workflow-builder',
    );
    await expectState(builder, 'missing');
    expect(onMissing).toHaveBeenCalledTimes(1);
    expect(builder.toasts()[0]).toMatchObject({ title: 'Failed to load workflow', variant: 'destructive' });
  });

  it("a visitor gets the 'Sign In Required' card", async () => {
    const server = createFakeStudioServer();
    const onSignIn = vi.fn();
    const builder = await renderWorkflow(
      <WorkflowBuilder {...serverProps(server)} signedIn={false} onSignIn={onSignIn} />,
      'workflow-builder',
    );
    await expect.element(builder.screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await press(builder.screen.getByRole('button', { name: 'Sign In' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(builder.screen.getByRole('button', { name: 'Back to Home' }).query()).not.toBeNull();
    expect(builder.part('form')).toBeNull();
    expect(await seriousViolations(builder.root())).toEqual([]);
  });
});
