import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { seriousViolations } from '../../testing/axe.check';
import {
  createFakeStudioServer,
  expectState,
  renderWorkflow,
  serverProps,
} from '../../testing/workflow.harness';
import { WorkflowList } from './WorkflowList';

const withTwoWorkflows = () => {
  const server = createFakeStudioServer();
  const invoices = server.addWorkflow('Invoice Processing', [
    ['office/to/pdf'],
    ['pdf/to/compress', { Preset: 'web' }],
    ['pdf/to/protect', { UserPassword: 'secret' }],
  ]);
  const archive = server.addWorkflow('Archive', [['pdf/to/ocr'], ['pdf/to/pdfa']]);
  return { server, invoices, archive };
};

describe('WorkflowList', () => {
  it("shows 'Loading workflows...', then the table: names, tool labels joined by arrows, 'N of N'", async () => {
    const { server, invoices } = withTwoWorkflows();
    server.holdNext('/workflows/get-all');
    const onRun = vi.fn();
    const onEdit = vi.fn();
    const onCreate = vi.fn();
    const list = await renderWorkflow(
      <WorkflowList {...serverProps(server)} onRun={onRun} onEdit={onEdit} onCreate={onCreate} />,
      'workflow-list',
    );
    await expect.element(list.screen.getByRole('status')).toHaveTextContent('Loading workflows...');
    expect(list.state()).toBe('loading');
    server.release();
    await expectState(list, 'ready');
    expect(list.texts('name')).toEqual(['Invoice Processing', 'Archive']);
    expect(list.texts('chain')).toEqual([
      'Office to PDF → Compress PDF → Protect PDF',
      'OCR PDF → PDF to PDF/A',
    ]);
    expect(list.texts('count')).toEqual(['2 of 2']);
    const headers = [...list.root().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Tools', 'Actions']);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/workflows/get-all' });
    expect(server.requests[0]?.headers.Authorization).toBe('Bearer test-token');

    await list.screen.getByRole('button', { name: 'Run Invoice Processing' }).click();
    await list.screen.getByRole('button', { name: 'Edit Invoice Processing' }).click();
    await list.screen.getByRole('button', { name: 'Create new workflow' }).click();
    expect(onRun).toHaveBeenCalledWith(invoices);
    expect(onEdit).toHaveBeenCalledWith(invoices);
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(list.root())).toEqual([]);
  });

  it("with none: 'No workflows created yet' and 'Create your first workflow'", async () => {
    const server = createFakeStudioServer();
    const onCreate = vi.fn();
    const list = await renderWorkflow(
      <WorkflowList {...serverProps(server)} onCreate={onCreate} />,
      'workflow-list',
    );
    await expectState(list, 'empty');
    expect(list.part('empty')?.textContent).toContain('No workflows created yet');
    await list.screen.getByRole('button', { name: 'Create your first workflow' }).click();
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(list.part('table')).toBeNull();
    expect(await seriousViolations(list.root())).toEqual([]);
  });

  it('deletes by keyboard after the confirmation dialog; Cancel (focused first) keeps the workflow', async () => {
    const { server, invoices } = withTwoWorkflows();
    const onDelete = vi.fn();
    const list = await renderWorkflow(
      <WorkflowList {...serverProps(server)} onDelete={onDelete} />,
      'workflow-list',
    );
    await expectState(list, 'ready');
    const deleteButton = list.screen.getByRole('button', { name: 'Delete Invoice Processing' });
    deleteButton.element().focus();
    await userEvent.keyboard('{Enter}');
    const dialog = list.screen.getByRole('alertdialog');
    await expect.element(dialog).toBeVisible();
    expect(dialog.element().querySelector('h2')?.textContent).toBe('Are you sure?');
    expect(dialog.element().querySelector('p')?.textContent).toBe(
      'This will permanently delete the workflow "Invoice Processing". This action cannot be undone.',
    );
    await expect.element(list.screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(list.texts('name')).toEqual(['Invoice Processing', 'Archive']);
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

    deleteButton.element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(list.screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect.element(list.screen.getByRole('button', { name: 'Delete', exact: true })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => list.texts('name')).toEqual(['Archive']);
    expect(list.texts('count')).toEqual(['1 of 1']);
    expect(list.toasts()).toContainEqual({ title: 'Workflow deleted', message: '', variant: 'success' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/workflows/delete/${invoices}` });
    expect(server.workflows.has(invoices)).toBe(false);
    expect(onDelete).toHaveBeenCalledWith({ id: invoices });
    expect(document.activeElement?.textContent).toBe('Workflows');
  });

  it("a refused delete says 'Failed to delete workflow' and keeps the row", async () => {
    const { server } = withTwoWorkflows();
    server.answerNext('/workflows/delete/', 500, { Code: 5001, Message: 'Database is locked' });
    const list = await renderWorkflow(<WorkflowList {...serverProps(server)} />, 'workflow-list');
    await expectState(list, 'ready');
    await list.screen.getByRole('button', { name: 'Delete Archive' }).click();
    await list.screen.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => list.toasts())
      .toContainEqual({
        title: 'Failed to delete workflow',
        message: 'Failed to delete workflow: Database is locked',
        variant: 'destructive',
      });
    expect(list.texts('name')).toEqual(['Invoice Processing', 'Archive']);
  });

  it("a list the server cannot give says 'Failed to load workflows'; Try again loads it", async () => {
    const { server } = withTwoWorkflows();
    server.answerNext('/workflows/get-all', 503, { Code: 5030, Message: 'Database unavailable' });
    const list = await renderWorkflow(<WorkflowList {...serverProps(server)} />, 'workflow-list');
    await expectState(list, 'failed');
    expect(list.toastTitles()).toEqual(['Failed to load workflows']);
    await list.screen.getByRole('button', { name: 'Try again' }).click();
    await expectState(list, 'ready');
    expect(list.texts('count')).toEqual(['2 of 2']);
  });

  it('a visitor sees the four example workflows blurred behind Sign In to Access Workflows', async () => {
    const server = createFakeStudioServer();
    const onSignIn = vi.fn();
    const onHome = vi.fn();
    const list = await renderWorkflow(
      <WorkflowList {...serverProps(server)} signedIn={false} onSignIn={onSignIn} onHome={onHome} />,
      'workflow-list',
    );
    expect(list.state()).toBe('visitor');
    const sample = list.part('sample') as HTMLElement;
    expect([...sample.querySelectorAll('[data-part="name"]')].map((cell) => cell.textContent)).toEqual([
      'Invoice Processing',
      'Document Archive',
      'Presentation Converter',
      'Legal Document Flow',
    ]);
    expect(sample.getAttribute('aria-hidden')).toBe('true');
    expect(sample.inert).toBe(true);
    expect(getComputedStyle(sample).filter).toContain('blur');
    await expect
      .element(list.screen.getByRole('heading', { name: 'Sign In to Access Workflows' }))
      .toBeVisible();
    expect(list.screen.getByRole('button', { name: 'Create new workflow' }).query()).toBeNull();
    list.screen.getByRole('button', { name: 'Sign In' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onHome).toHaveBeenCalledTimes(1);
    expect(server.requests).toEqual([]);
    expect(await seriousViolations(list.root())).toEqual([]);
  });

  it("a visitor's token (401 from the server) gets the same sample and sign-in card", async () => {
    const server = createFakeStudioServer();
    server.signOut();
    const list = await renderWorkflow(<WorkflowList {...serverProps(server)} />, 'workflow-list');
    await expectState(list, 'visitor');
    expect(list.part('sample')).not.toBeNull();
    expect(list.toasts()).toEqual([]);
  });
});
