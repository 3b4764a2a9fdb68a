import { tools } from '@docstudio/core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { App } from './App';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('studio routes', () => {
  it('lists all 18 tools on the landing page and filters them by category', async () => {
    const screen = await renderAt('/');
    await expect.element(screen.getByRole('list', { name: 'Tools' })).toBeVisible();
    expect(screen.getByRole('listitem').all()).toHaveLength(18);
    await screen.getByRole('button', { name: 'Advanced' }).click();
    const advanced = screen.getByRole('listitem').all();
    expect(advanced).toHaveLength(2);
    await expect.element(screen.getByText(tools.find((t) => t.id === 'pdf-redact')!.title)).toBeVisible();
  });

  it('opens a tool page from its catalogue route with a breadcrumb back to Tools', async () => {
    const screen = await renderAt('/pdf-merge');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.element(breadcrumb.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/');
    await expect.element(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/merge/i);
  });

  it('shows the 404 page on an unknown path', async () => {
    const screen = await renderAt('/no-such-tool');
    await expect.element(screen.getByText('Oops! Page not found')).toBeVisible();
  });
});
