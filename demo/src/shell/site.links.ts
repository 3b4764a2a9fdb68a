/**
 * The footer's link groups (spec part 1, section 2): comparison and industry pages of this site, the
 * API documentation page, and external pages (pricing, security, affiliates, help, contact, social).
 * External pages are not part of a self-hosted studio, so each appears only when the install names its
 * address at build time with a VITE_ variable (an http(s) or mailto: address); a group left with no
 * link is not shown. No default on someone else's site: a guessed address would be a 404.
 */

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

/** The VITE_* settings of the external targets, by variable name. */
export type LinkSettings = Readonly<Record<string, string | undefined>>;

/** The build's own settings (Vite replaces `import.meta.env.VITE_*`; empty outside a Vite build). */
export const buildTimeLinkSettings: LinkSettings =
  (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

/** The configured address of an external page, or undefined when unset or not a web or mail address. */
export function externalTarget(settings: LinkSettings, variable: string): string | undefined {
  const value = settings[variable]?.trim();
  if (!value || !URL.canParse(value)) return undefined;
  return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol) ? value : undefined;
}

const internal = (label: string, href: string): SiteLink => ({ label, href, external: false });

export function footerLinkGroups(settings: LinkSettings = buildTimeLinkSettings): SiteLinkGroup[] {
  const external = (label: string, variable: string): SiteLink[] => {
    const href = externalTarget(settings, variable);
    return href ? [{ label, href, external: true }] : [];
  };
  const groups: SiteLinkGroup[] = [
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
        ...external('Pricing', 'VITE_PRICING_URL'),
        ...external('Security and compliance', 'VITE_SECURITY_URL'),
        ...external('Affiliates', 'VITE_AFFILIATES_URL'),
      ],
    },
    {
      label: 'Support',
      links: [
        ...external('Help centre', 'VITE_HELP_URL'),
        internal('API documentation', '/api-docs'),
        ...external('Contact', 'VITE_CONTACT_URL'),
      ],
    },
    {
      label: 'Follow us',
      links: [
        ...external('GitHub', 'VITE_GITHUB_URL'),
        ...external('LinkedIn', 'VITE_LINKEDIN_URL'),
        ...external('X (Twitter)', 'VITE_X_URL'),
      ],
    },
  ];
  return groups.filter((group) => group.links.length > 0);
}
