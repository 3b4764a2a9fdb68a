/**
 * The footer's external pages appear only when the install names them (VITE_ variables): no guessed
 * address that a self-hosted install would answer with a 404; the site's own pages are always there.
 */
import { describe, expect, it } from 'vitest';
import { externalTarget, footerLinkGroups } from './site.links';

const labelsOf = (settings: Record<string, string>) =>
  footerLinkGroups(settings).map((group) => [group.label, group.links.map((link) => link.label)]);

describe('footer link groups', () => {
  it('with nothing configured, list only the pages this studio serves, and no empty group', () => {
    expect(labelsOf({})).toEqual([
      ['Compare', ['docstudio vs Smallpdf', 'docstudio vs iLovePDF', 'docstudio vs PDF2Go']],
      ['Industries', ['Healthcare', 'Legal', 'Government']],
      ['Support', ['API documentation']],
    ]);
    const links = footerLinkGroups({}).flatMap((group) => group.links);
    expect(links.every((link) => !link.external && link.href.startsWith('/'))).toBe(true);
  });

  it('add each configured external page to its group, in the order of the spec', () => {
    const groups = footerLinkGroups({
      VITE_PRICING_URL: 'https://docs.example/pricing',
      VITE_HELP_URL: ' https://help.docs.example ',
      VITE_CONTACT_URL: 'mailto:team@docs.example',
      VITE_GITHUB_URL: 'https://github.com/docs-example',
    });
    expect(groups.map((group) => group.label)).toEqual([
      'Compare',
      'Industries',
      'Company',
      'Support',
      'Follow us',
    ]);
    const byLabel = new Map(groups.flatMap((group) => group.links).map((link) => [link.label, link]));
    expect(byLabel.get('Pricing')).toEqual({
      label: 'Pricing',
      href: 'https://docs.example/pricing',
      external: true,
    });
    expect(byLabel.get('Help centre')?.href).toBe('https://help.docs.example');
    expect(groups[3]?.links.map((link) => link.label)).toEqual([
      'Help centre',
      'API documentation',
      'Contact',
    ]);
    expect(byLabel.get('Contact')?.href).toBe('mailto:team@docs.example');
    expect(byLabel.has('LinkedIn')).toBe(false);
  });

  it('ignore a setting that is no web or mail address', () => {
    for (const value of ['javascript:alert(1)', 'pricing', '/pricing', '   ', 'data:text/html,x']) {
      expect({ value, href: externalTarget({ VITE_PRICING_URL: value }, 'VITE_PRICING_URL') }).toEqual({
        value,
        href: undefined,
      });
    }
  });
});
