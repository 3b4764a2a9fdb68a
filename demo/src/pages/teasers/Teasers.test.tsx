/**
 * The enterprise teasers (spec part 2, section 2): each shows its sample blurred and inert (nothing
 * in it can be focused or reached by a screen reader) and offers a contact link.
 */
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { authContext, renderStudio, seriousViolations } from '../workflows/workflow-pages.testing';

const renderTeaser = (path: string) => renderStudio(path, authContext().context);

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
    (contact.element() as HTMLElement).focus();
    for (let step = 0; step < 30; step += 1) {
      await userEvent.keyboard('{Tab}');
      expect(sample.contains(document.activeElement)).toBe(false);
    }
  });

  it('has no serious or critical axe violation', async () => {
    const screen = await renderTeaser(path);
    await expect.element(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });
});
