/**
 * The enterprise teasers (spec part 2, section 2): each shows its sample blurred and inert (nothing
 * in it can be focused or reached by a screen reader) and offers a contact link.
 */
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { LinkSettings } from '../../shell/site.links';
import { authContext, renderStudio } from '../workflows/workflow-pages.testing';

const CONTACT = 'mailto:team@docs.example';
const renderTeaser = (path: string, linkSettings: LinkSettings = { VITE_CONTACT_URL: CONTACT }) =>
  renderStudio(path, authContext().context, linkSettings);

describe.each([
  {
    path: '/connectors',
    heading: 'Connectors',
    sampleTexts: [
      'Object storage bucket',
      'Google Drive',
      'Dropbox',
      'OneDrive',
      'Box',
      'Connected',
      'Disconnected',
      'Error',
    ],
  },
  {
    path: '/documents',
    heading: 'Document Library',
    sampleTexts: ['Template', 'Watermark', 'Other'],
  },
])('$path teaser', ({ path, heading, sampleTexts }) => {
  it('shows the sample blurred and inert, and a contact link', async () => {
    const screen = await renderTeaser(path);
    await expect.element(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const sample = screen.getByTestId('teaser-sample').element() as HTMLElement;
    expect(sample.inert).toBe(true);
    expect(getComputedStyle(sample).filter).toMatch(/blur/);
    for (const text of sampleTexts) expect(sample.textContent).toContain(text);

    // The sample's buttons exist but cannot take focus, by script or by Tab.
    const sampleButtons = [...sample.querySelectorAll('button')];
    expect(sampleButtons.length).toBeGreaterThan(0);
    for (const button of sampleButtons) {
      button.focus();
      expect(document.activeElement).not.toBe(button);
    }
    const contact = screen.getByRole('link', { name: 'contact us' });
    // The same page as the footer's Contact link, wherever the install points it.
    const footerContact = screen.getByRole('contentinfo').getByRole('link', { name: /^Contact/ });
    await expect.element(contact).toHaveAttribute('href', footerContact.element().getAttribute('href')!);
    await expect.element(contact).toHaveAttribute('href', CONTACT);
    (contact.element() as HTMLElement).focus();
    for (let step = 0; step < 30; step += 1) {
      await userEvent.keyboard('{Tab}');
      expect(sample.contains(document.activeElement)).toBe(false);
    }
  });

  it('offers no contact link where the install names no contact page', async () => {
    const screen = await renderTeaser(path, {});
    await expect.element(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect.element(screen.getByText(/the sample below shows what is planned\.$/)).toBeVisible();
    expect(screen.getByRole('link', { name: /contact/i }).query()).toBeNull();
  });
});
