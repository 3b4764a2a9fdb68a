/**
 * The rows of the comparison pages: each a statement about docstudio that the software makes true
 * (or, for 'no', does not), never a claim about another product. What a reader should check with the
 * other service is phrased as a question, since its features and terms are its own to state.
 */
export interface ComparisonRow {
  capability: string;
  docstudio: boolean;
  /** What docstudio does (or why not), in a few words. */
  detail: string;
  /** The question to ask of the other service. */
  ask: string;
}

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  {
    capability: 'Runs on your own servers',
    docstudio: true,
    detail: 'npm start or the container recipe; documents stay on your machines.',
    ask: 'Where are uploaded files processed and stored?',
  },
  {
    capability: 'Files encrypted at rest',
    docstudio: true,
    detail: 'AES-256-GCM for every stored file; keys can be rotated.',
    ask: 'How are stored files encrypted, and who holds the keys?',
  },
  {
    capability: 'Automatic deletion you configure',
    docstudio: true,
    detail: 'Retention in minutes (three hours by default), plus delete on request.',
    ask: 'How long are files kept, and can you change it?',
  },
  {
    capability: 'Redaction verified after it is applied',
    docstudio: true,
    detail: 'Text removed and pixels blanked, each page checked with a second engine.',
    ask: 'Is redacted text removed from the file, and is that checked?',
  },
  {
    capability: 'OCR to searchable PDF or text',
    docstudio: true,
    detail: 'Tesseract, in 27 languages.',
    ask: 'Which languages are supported, and where does OCR run?',
  },
  {
    capability: 'PDF/A for archiving',
    docstudio: true,
    detail: 'Ghostscript, with the PDF/A version you choose.',
    ask: 'Which PDF/A versions are produced?',
  },
  {
    capability: 'Workflows that chain tools',
    docstudio: true,
    detail: 'Run on the server in one go, with signed completion webhooks.',
    ask: 'Can steps be chained and run without a person in between?',
  },
  {
    capability: 'REST API with API keys',
    docstudio: true,
    detail: 'Described by an OpenAPI document; keys are stored hashed and can be revoked.',
    ask: 'Is there an API, and how is it priced and authenticated?',
  },
  {
    capability: 'Tools embeddable in your own application',
    docstudio: true,
    detail: 'React components and custom elements.',
    ask: 'Can the tools be embedded, and against which server?',
  },
  {
    capability: 'Editing PDF text or signing documents',
    docstudio: false,
    detail: 'Not offered: docstudio converts and processes whole documents.',
    ask: 'Is editing or e-signing included in the plan you need?',
  },
  {
    capability: 'Desktop or mobile app',
    docstudio: false,
    detail: 'Not offered: the studio runs in the browser.',
    ask: 'Which apps are offered, and do they work offline?',
  },
  {
    capability: 'HIPAA, SOC 2 or ISO 27001 certification',
    docstudio: false,
    detail: 'Software, not a certified service: your deployment is assessed as part of yours.',
    ask: 'Which certifications and agreements (BAA, DPA) are offered?',
  },
];
