/** The footer's external targets follow the provider's site, and a VITE_ setting wins over it. */
import { defaultEnvironments } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { footerLinkGroups } from './site.links';

describe('footer link groups', () => {
  it("point external pages at the environment's provider site", () => {
    const environment = { ...defaultEnvironments.production, authBaseUrl: 'https://provider.example/' };
    const links = footerLinkGroups(environment).flatMap((group) => group.links);
    const byLabel = new Map(links.map((link) => [link.label, link]));
    expect(byLabel.get('Pricing')).toEqual({
      label: 'Pricing',
      href: 'https://provider.example/pricing',
      external: true,
    });
    expect(byLabel.get('API documentation')).toEqual({
      label: 'API documentation',
      href: '/api-docs',
      external: false,
    });
    expect(
      links
        .filter((link) => link.external)
        .every((link) => link.href.startsWith('https://provider.example/')),
    ).toBe(true);
  });

  it('has the groups of the spec in order', () => {
    expect(footerLinkGroups(defaultEnvironments.production).map((group) => group.label)).toEqual([
      'Compare',
      'Industries',
      'Company',
      'Support',
      'Follow us',
    ]);
  });
});
