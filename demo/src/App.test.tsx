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
  it('lists every catalogue tool on the landing page and filters them by category', async () => {
    const screen = await renderAt('/');
    const grid = screen.getByRole('list', { name: 'Tools' });
    await expect.element(grid).toBeVisible();
    expect(grid.getByRole('listitem').all()).toHaveLength(tools.length);
    await screen.getByRole('button', { name: 'Advanced' }).click();
    const advanced = grid.getByRole('listitem').all();
    expect(advanced).toHaveLength(tools.filter((tool) => tool.landingCategory === 'Advanced').length);
    await expect.element(screen.getByText(tools.find((t) => t.id === 'pdf-redact')!.title)).toBeVisible();
  });

  it('opens a tool page from its catalogue route with a breadcrumb back to Tools', async () => {
    const screen = await renderAt('/pdf-merge');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.element(breadcrumb.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/');
    await expect.element(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/merge/i);
  });

  it("a tool page has exactly one h1, the tool's own visible heading", async () => {
    for (const id of ['pdf-merge', 'web-to-pdf', 'pdf-redact'] as const) {
      const tool = tools.find((entry) => entry.id === id)!;
      const screen = await renderAt(tool.route);
      const heading = screen.getByRole('heading', { level: 1 });
      await expect.element(heading).toHaveTextContent(tool.texts.heading);
      await expect.element(heading).toBeVisible();
      const h1s = [...screen.container.querySelectorAll('h1')];
      expect(h1s).toHaveLength(1);
      // The tool's heading itself, inside the widget (not a page-level duplicate).
      expect(h1s[0]?.closest(`[data-scope="${id}"][data-part="header"]`)).not.toBeNull();
      expect(h1s[0]?.textContent).toBe(tool.texts.heading);
      // The widget's inner headings sit right below it: no h3 without an h2 above it.
      expect(screen.container.querySelectorAll('h3')).toHaveLength(0);
      await screen.unmount();
    }
  });

  it('shows the 404 page on an unknown path', async () => {
    const screen = await renderAt('/no-such-tool');
    await expect.element(screen.getByText('Oops! Page not found')).toBeVisible();
  });
});
