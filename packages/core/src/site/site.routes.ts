/**
 * Every route of the studio site (spec part 1 and part 2, section 2) as data, in one place: the demo's
 * router maps each `path` to its page, the server reads the list for /sitemap.xml and to answer HTTP 404
 * for a path that is no route. Tool routes are read off the catalogue, never written twice.
 *
 * Sitemap priorities: the spec's (1.0 home, 0.9 tools, 0.8 workflows and documents, 0.7 create and
 * industries, 0.6 comparisons); where it is silent: connectors 0.8 (the documents teaser's sibling in
 * the header), the API documentation 0.5. The account area is private to a signed-in user and edit/run
 * name one user's workflow: they are routes, but not listed in the sitemap.
 */
import { tools } from '../catalogue';

/** What a route is, for the sitemap and for pages that group routes (footer, landing). */
export type SiteRouteKind =
  | 'home'
  | 'tool'
  | 'workflows'
  | 'teaser'
  | 'comparison'
  | 'industry'
  | 'account'
  | 'developers';

export interface SiteRoute {
  /**
   * The path pattern, react-router syntax: literal segments, `:name` for one segment, `:name?` for an
   * optional last segment (edit and run without an id go back to the list, spec part 2, section 2).
   */
  path: string;
  kind: SiteRouteKind;
  /** The page heading and the first part of its document title. */
  title: string;
  /** The page's meta description. */
  description: string;
  /** Sitemap priority, 0.0-1.0. */
  priority: number;
  /** Listed in /sitemap.xml: false for routes that name one user's data or need a sign-in. */
  listed: boolean;
}

const toolRoutes: readonly SiteRoute[] = tools.map((tool) => ({
  path: tool.route,
  kind: 'tool',
  title: tool.texts.heading,
  description: tool.description,
  priority: 0.9,
  listed: true,
}));

/** The studio's routes, home first, then in the order of the header and the footer. */
export const siteRoutes: readonly SiteRoute[] = [
  {
    path: '/',
    kind: 'home',
    title: 'PDF tools and document conversion',
    description:
      'Convert, compress, protect, merge, split, watermark, OCR and redact PDF files on a server you can run yourself.',
    priority: 1.0,
    listed: true,
  },
  ...toolRoutes,
  {
    path: '/workflows',
    kind: 'workflows',
    title: 'Workflows',
    description: 'Chain tools into a workflow and run it on your files in one go.',
    priority: 0.8,
    listed: true,
  },
  {
    path: '/workflows/create',
    kind: 'workflows',
    title: 'Create Workflow',
    description: 'Build a workflow step by step from the PDF tools and their options.',
    priority: 0.7,
    listed: true,
  },
  {
    path: '/workflows/edit/:id?',
    kind: 'workflows',
    title: 'Edit Workflow',
    description: 'Change the name and the steps of one of your workflows.',
    priority: 0.5,
    listed: false,
  },
  {
    path: '/workflows/run/:id?',
    kind: 'workflows',
    title: 'Run Workflow',
    description: 'Run one of your workflows on your files and download the result.',
    priority: 0.5,
    listed: false,
  },
  {
    path: '/connectors',
    kind: 'teaser',
    title: 'Connectors',
    description: 'Connect object storage, Google Drive, Dropbox, OneDrive and Box to your workflows.',
    priority: 0.8,
    listed: true,
  },
  {
    path: '/documents',
    kind: 'teaser',
    title: 'Document Library',
    description: 'Keep templates, watermarks and other documents in one library for your workflows.',
    priority: 0.8,
    listed: true,
  },
  {
    path: '/vs-smallpdf',
    kind: 'comparison',
    title: 'docstudio vs Smallpdf',
    description: 'How docstudio compares with Smallpdf, feature by feature.',
    priority: 0.6,
    listed: true,
  },
  {
    path: '/vs-ilovepdf',
    kind: 'comparison',
    title: 'docstudio vs iLovePDF',
    description: 'How docstudio compares with iLovePDF, feature by feature.',
    priority: 0.6,
    listed: true,
  },
  {
    path: '/vs-pdf2go',
    kind: 'comparison',
    title: 'docstudio vs PDF2Go',
    description: 'How docstudio compares with PDF2Go, feature by feature.',
    priority: 0.6,
    listed: true,
  },
  {
    path: '/industries/healthcare',
    kind: 'industry',
    title: 'PDF Tools for Healthcare',
    description: 'Redact, protect and archive patient documents on a server you control.',
    priority: 0.7,
    listed: true,
  },
  {
    path: '/industries/legal',
    kind: 'industry',
    title: 'PDF Tools for Legal Teams',
    description: 'Redact, watermark, merge and archive case documents on a server you control.',
    priority: 0.7,
    listed: true,
  },
  {
    path: '/industries/government',
    kind: 'industry',
    title: 'PDF Tools for Government',
    description: 'Archive to PDF/A, redact and protect public-sector documents on a server you control.',
    priority: 0.7,
    listed: true,
  },
  {
    path: '/account',
    kind: 'account',
    title: 'Account',
    description: 'Your email, password, API keys and account deletion.',
    priority: 0.3,
    listed: false,
  },
  {
    path: '/api-docs',
    kind: 'developers',
    title: 'API Documentation',
    description: 'The docstudio HTTP API: every conversion, workflow and account operation.',
    priority: 0.5,
    listed: true,
  },
];
