/**
 * The footer's link groups (spec part 1, section 2): comparison and industry pages of this site, the
 * API documentation page, and external pages. External targets live on the provider's website (the
 * sign-in site, `authBaseUrl`) by default; each can be pointed elsewhere at build time with a VITE_
 * variable, so a self-hosted install links its own pricing, help or social pages.
 */
import type { Environment } from '@docstudio/core';

export interface SiteLink {
  label: string;
  /** A path of this site, or an absolute external address. */
  href: string;
  external: boolean;
}

export interface SiteLinkGroup {
  label: string;
  links: readonly SiteLink[];
}

/** Build-time overrides (Vite replaces `import.meta.env.VITE_*`; undefined outside a Vite build). */
const env: Record<string, string | undefined> =
  (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

const internal = (label: string, href: string): SiteLink => ({ label, href, external: false });

function external(environment: Environment, label: string, variable: string, path: string): SiteLink {
  const configured = env[variable]?.trim();
  const base = environment.authBaseUrl.replace(/\/+$/, '');
  return { label, href: configured || `${base}${path}`, external: true };
}

export function footerLinkGroups(environment: Environment): SiteLinkGroup[] {
  const link = (label: string, variable: string, path: string) =>
    external(environment, label, variable, path);
  return [
    {
      label: 'Compare',
      links: [
        internal('docstudio vs Smallpdf', '/vs-smallpdf'),
        internal('docstudio vs iLovePDF', '/vs-ilovepdf'),
        internal('docstudio vs PDF2Go', '/vs-pdf2go'),
      ],
    },
    {
      label: 'Industries',
      links: [
        internal('Healthcare', '/industries/healthcare'),
        internal('Legal', '/industries/legal'),
        internal('Government', '/industries/government'),
      ],
    },
    {
      label: 'Company',
      links: [
        link('Pricing', 'VITE_PRICING_URL', '/pricing'),
        link('Security and compliance', 'VITE_SECURITY_URL', '/security'),
        link('Affiliates', 'VITE_AFFILIATES_URL', '/affiliates'),
      ],
    },
    {
      label: 'Support',
      links: [
        link('Help centre', 'VITE_HELP_URL', '/help'),
        internal('API documentation', '/api-docs'),
        link('Contact', 'VITE_CONTACT_URL', '/contact'),
      ],
    },
    {
      label: 'Follow us',
      links: [
        link('GitHub', 'VITE_GITHUB_URL', '/github'),
        link('LinkedIn', 'VITE_LINKEDIN_URL', '/linkedin'),
        link('X (Twitter)', 'VITE_X_URL', '/x'),
      ],
    },
  ];
}
