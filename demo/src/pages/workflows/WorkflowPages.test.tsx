/**
 * The workflow pages of the studio (spec part 2, section 2): a visitor's blurred sample and Sign In
 * Required cards without a call to the server, and a signed-in user's pages against the real server
 * (tests/studio-server.setup.ts): list, create, edit, run, breadcrumbs, and the way back to the list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { authContext, renderStudio, storeWorkflow, userToken } from './workflow-pages.testing';

afterEach(() => cleanup());

const token = userToken(0);
const path = (screen: Awaited<ReturnType<typeof renderStudio>>) =>
  screen.getByTestId('current-path').element().textContent;

describe('workflow pages for a visitor', () => {
  it('/workflows shows the blurred sample of four workflows under Sign In to Access Workflows', async () => {
    const { context, assigned } = authContext();
    const screen = await renderStudio('/workflows', context);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Sign In to Access Workflows' })).toBeVisible();
    const sample = document.querySelector('[data-scope="workflow-list"][data-part="sample"]');
    expect(sample?.getAttribute('aria-hidden')).toBe('true');
    expect(getComputedStyle(sample as Element).filter).toContain('blur');
    expect(
      [...(sample?.querySelectorAll('[data-part="name"]') ?? [])].map((cell) => cell.textContent),
    ).toEqual(['Invoice Processing', 'Document Archive', 'Presentation Converter', 'Legal Document Flow']);
    expect(screen.getByRole('button', { name: 'Create new workflow' }).query()).toBeNull();
    await screen.getByRole('button', { name: 'Sign In' }).click();
    expect(assigned).toEqual(['/a?returnUrl=/a/studio-login&ref=ca-studio']);
    await screen.getByRole('button', { name: 'Back to Home' }).click();
    await expect.poll(() => path(screen)).toBe('/');
  });

  it.each([
    ['/workflows/create', 'Create Workflow'],
    ['/workflows/edit/3f1c2a4e-0000-4000-8000-000000000001', 'Edit Workflow'],
    ['/workflows/run/3f1c2a4e-0000-4000-8000-000000000001', 'Run Workflow'],
  ])('%s shows the Sign In Required card with Sign In and Back to Home', async (at, crumb) => {
    const { context, assigned } = authContext();
    const screen = await renderStudio(at, context);
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await expect
      .element(breadcrumb.getByRole('link', { name: 'Workflows' }))
      .toHaveAttribute('href', '/workflows');
    await expect.element(breadcrumb).toHaveTextContent(`Workflows / ${crumb}`);
    await expect.element(screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect.element(screen.getByText('Please sign in to create, edit and run workflows.')).toBeVisible();
    expect(screen.getByRole('textbox').query()).toBeNull();
    await screen.getByRole('button', { name: 'Sign In' }).click();
    expect(assigned).toEqual(['/a?returnUrl=/a/studio-login&ref=ca-studio']);
    await screen.getByRole('button', { name: 'Back to Home' }).click();
    await expect.poll(() => path(screen)).toBe('/');
  });

  it('the landing page and the header lead to /workflows', async () => {
    const { context } = authContext();
    const screen = await renderStudio('/', context);
    await expect
      .element(screen.getByRole('link', { name: 'chain them into a workflow' }))
      .toHaveAttribute('href', '/workflows');
    await screen.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows' }).click();
    await expect.poll(() => path(screen)).toBe('/workflows');
  });
});

describe('workflow pages for a signed-in user (real server)', () => {
  it('creates a workflow on /workflows/create and lands back on the list, which shows it', async () => {
    const { context } = authContext(token);
    const screen = await renderStudio('/workflows', context);
    await screen.getByRole('button', { name: 'Create new workflow' }).click();
    await expect.poll(() => path(screen)).toBe('/workflows/create');
    await expect
      .element(screen.getByRole('navigation', { name: 'Breadcrumb' }))
      .toHaveTextContent('Workflows / Create Workflow');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Create Workflow' })).toBeVisible();

    await userEvent.fill(screen.getByLabelText('Workflow Name'), 'Turn and shrink');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'Rotate PDF');
    await screen.getByRole('button', { name: 'Add step' }).click();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'Compress PDF');
    await screen.getByRole('button', { name: 'Add step' }).click();
    await screen.getByRole('button', { name: 'Create Workflow' }).click();

    await expect.poll(() => path(screen)).toBe('/workflows');
    const row = screen.getByRole('row', { name: /Turn and shrink/ });
    await expect.element(row).toHaveTextContent('Rotate PDF → Compress PDF');
  });

  it('Edit opens /workflows/edit/:id with the stored workflow; Cancel goes back to the list', async () => {
    const id = await storeWorkflow(token, 'Edit me');
    const { context } = authContext(token);
    const screen = await renderStudio('/workflows', context);
    await screen.getByRole('button', { name: 'Edit Edit me' }).click();
    await expect.poll(() => path(screen)).toBe(`/workflows/edit/${id}`);
    await expect
      .element(screen.getByRole('navigation', { name: 'Breadcrumb' }))
      .toHaveTextContent('Workflows / Edit Workflow');
    await expect.element(screen.getByLabelText('Workflow Name')).toHaveValue('Edit me');
    await expect.element(screen.getByRole('button', { name: 'Update Workflow' })).toBeEnabled();
    await screen.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => path(screen)).toBe('/workflows');
  });

  it('Run opens /workflows/run/:id: the workflow name as the page heading and its input', async () => {
    const id = await storeWorkflow(token, 'Run me');
    const { context } = authContext(token);
    const screen = await renderStudio('/workflows', context);
    await screen.getByRole('button', { name: 'Run Run me' }).click();
    await expect.poll(() => path(screen)).toBe(`/workflows/run/${id}`);
    await expect
      .element(screen.getByRole('navigation', { name: 'Breadcrumb' }))
      .toHaveTextContent('Workflows / Run Workflow');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Run me' })).toBeVisible();
    await expect.element(screen.getByText('Accepted formats: PDF')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Run Workflow' })).toBeEnabled();
  });

  it.each([
    ['edit', '/workflows/edit/3f1c2a4e-0000-4000-8000-000000000002'],
    ['run', '/workflows/run/3f1c2a4e-0000-4000-8000-000000000002'],
    ['edit (no id)', '/workflows/edit'],
    ['run (no id)', '/workflows/run'],
  ])('%s of a workflow the user does not have goes back to /workflows', async (_name, at) => {
    const { context } = authContext(token);
    const screen = await renderStudio(at, context);
    await expect.poll(() => path(screen)).toBe('/workflows');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  });

  it("another user's workflow is missing for this one: edit goes back to the list", async () => {
    const foreign = await storeWorkflow(userToken(1), 'Not yours');
    const { context } = authContext(token);
    const screen = await renderStudio(`/workflows/edit/${foreign}`, context);
    await expect.poll(() => path(screen)).toBe('/workflows');
    expect(screen.getByText('Not yours').query()).toBeNull();
  });
});
