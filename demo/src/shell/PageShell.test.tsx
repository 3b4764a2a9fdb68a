import { tools, userTokenKeys } from '@docstudio/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { authContext, renderApp } from './shell.testing';

beforeEach(async () => {
  await page.viewport(1280, 800);
});

describe('page shell', () => {
  it('shows the navigation and, signed out, Sign In and Get Started with the spec links', async () => {
    const { context } = authContext();
    const screen = await renderApp('/', context);
    const main = screen.getByRole('navigation', { name: 'Main' });
    await expect.element(main.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/');
    await expect.element(main.getByRole('link', { name: 'Workflows' })).toHaveAttribute('href', '/workflows');
    await expect
      .element(main.getByRole('link', { name: 'Connectors' }))
      .toHaveAttribute('href', '/connectors');
    await expect.element(main.getByRole('link', { name: 'Storage' })).toHaveAttribute('href', '/documents');
    await expect
      .element(screen.getByRole('link', { name: 'Sign In' }))
      .toHaveAttribute('href', '/a?returnUrl=/a/studio-login&ref=ca-studio');
    await expect
      .element(screen.getByRole('link', { name: 'Get Started' }))
      .toHaveAttribute('href', '/a/sign-up?ref=ca-studio&returnUrl=/a/studio-login');
    expect(screen.getByRole('button', { name: 'Logout' }).query()).toBeNull();
    expect(screen.getByText('Staging', { exact: true }).query()).toBeNull();
    await expect.element(screen.getByRole('contentinfo')).toHaveTextContent('2025');
  });

  it('has every footer link group: comparisons, industries, company, support with the API page, social', async () => {
    const { context } = authContext();
    const configured = {
      VITE_PRICING_URL: 'https://docs.example/pricing',
      VITE_SECURITY_URL: 'https://docs.example/security',
      VITE_AFFILIATES_URL: 'https://docs.example/affiliates',
      VITE_HELP_URL: 'https://docs.example/help',
      VITE_CONTACT_URL: 'mailto:team@docs.example',
      VITE_GITHUB_URL: 'https://github.com/docs-example',
      VITE_LINKEDIN_URL: 'https://www.linkedin.com/company/docs-example',
      VITE_X_URL: 'https://x.com/docs_example',
    };
    const screen = await renderApp('/', context, configured);
    const footer = screen.getByRole('contentinfo');
    const expected: Record<string, string[]> = {
      Compare: ['/vs-smallpdf', '/vs-ilovepdf', '/vs-pdf2go'],
      Industries: ['/industries/healthcare', '/industries/legal', '/industries/government'],
    };
    for (const [group, paths] of Object.entries(expected)) {
      const links = footer.getByRole('navigation', { name: group }).getByRole('link').elements();
      expect(links.map((link) => link.getAttribute('href'))).toEqual(paths);
    }
    await expect
      .element(footer.getByRole('link', { name: 'API documentation' }))
      .toHaveAttribute('href', '/api-docs');
    // External pages, where the install names them, open in a new tab.
    const external = {
      Pricing: configured.VITE_PRICING_URL,
      'Help centre': configured.VITE_HELP_URL,
      Contact: configured.VITE_CONTACT_URL,
      GitHub: configured.VITE_GITHUB_URL,
    };
    for (const [name, href] of Object.entries(external)) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect.element(link).toHaveAttribute('target', '_blank');
      await expect.element(link).toHaveAttribute('href', href);
    }
    for (const name of ['Security and compliance', 'Affiliates', 'LinkedIn', 'X (Twitter)']) {
      await expect.element(footer.getByRole('link', { name: `${name} (opens in a new tab)` })).toBeVisible();
    }
  });

  it('on an install that names no external page, shows only the pages this studio serves', async () => {
    const screen = await renderApp('/', authContext().context);
    const footer = screen.getByRole('contentinfo');
    await expect.element(footer.getByRole('link', { name: 'API documentation' })).toBeVisible();
    const links = footer.getByRole('link').elements();
    expect(
      links.filter(
        (link) => link.getAttribute('target') === '_blank' || !link.getAttribute('href')?.startsWith('/'),
      ),
    ).toEqual([]);
    expect(
      footer
        .getByRole('navigation')
        .elements()
        .map((nav) => nav.getAttribute('aria-label')),
    ).toEqual(['Compare', 'Industries', 'Support']);
  });

  it('shows the Staging badge when the environment is not production', async () => {
    const { context } = authContext({ environment: 'staging' });
    const screen = await renderApp('/', context);
    await expect.element(screen.getByText('Staging', { exact: true })).toBeVisible();
  });

  it('signed in, shows Account (new tab) and Logout, and Logout clears the token and goes home', async () => {
    const { context, localStorage, assigned } = authContext({ signedIn: true });
    const screen = await renderApp('/pdf-rotate', context);
    await expect.element(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Sign In' }).query()).toBeNull();
    await screen.getByRole('button', { name: 'Logout' }).click();
    expect(localStorage.getItem(userTokenKeys().token)).toBeNull();
    expect(assigned).toEqual(['/']);
  });
});

describe('tool pages', () => {
  it('renders the tool widget with its upload card, options card and security note', async () => {
    const { context } = authContext();
    const screen = await renderApp('/pdf-rotate', context);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.element(nav.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/');
    const root = document.querySelector('[data-scope="pdf-rotate"][data-part="root"]');
    expect(root?.getAttribute('data-state')).toBe('idle');
    await expect.element(screen.getByRole('button', { name: 'Rotate PDF' })).toBeDisabled();
    await expect.element(screen.getByRole('region', { name: 'Options' })).toBeVisible();
    await expect.element(screen.getByRole('combobox', { name: 'Angle' })).toBeVisible();
    await expect
      .element(screen.getByText('Files are processed securely and deleted automatically.'))
      .toBeVisible();
    await expect.poll(() => document.title).toMatch(/rotate/i);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonical?.href).toBe(`${window.location.origin}${window.location.pathname}`);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
  });

  it('shows the compliance claim on Office to PDF and the features card on PDF to Word', async () => {
    const { context } = authContext();
    const office = await renderApp('/office-to-pdf', context);
    await expect.element(office.getByText(/HIPAA and GDPR compliant/)).toBeVisible();
    await office.unmount();
    const word = await renderApp('/pdf-to-word', context);
    await expect.element(word.getByRole('region', { name: 'Features' })).toBeVisible();
    await expect.element(word.getByText('OCR for scanned PDFs')).toBeVisible();
  });

  it('gives every catalogue tool a page with its widget', async () => {
    const { context } = authContext();
    for (const tool of tools) {
      const screen = await renderApp(tool.route, context);
      await expect
        .poll(() => document.querySelector(`[data-scope="${tool.id}"][data-part="root"]`), {
          message: tool.id,
        })
        .toBeTruthy();
      await screen.unmount();
    }
  });
});
