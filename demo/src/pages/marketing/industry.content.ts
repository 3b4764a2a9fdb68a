/**
 * The three industry pages' content: each use names the tool that does it (a catalogue id, so the
 * link and its title come from the catalogue). Claims stop at what the tools do; no page promises
 * regulatory compliance, which belongs to the organisation that runs the server.
 */
import type { ToolId } from '@docstudio/core';

export interface IndustryUse {
  title: string;
  text: string;
  tool: ToolId;
}

export interface IndustryContent {
  intro: string;
  uses: readonly IndustryUse[];
  /** The page's calls to action, most important first. */
  actions: readonly ToolId[];
}

export type Industry = 'healthcare' | 'legal' | 'government';

export const INDUSTRY_CONTENT: Record<Industry, IndustryContent> = {
  healthcare: {
    intro:
      'Referral letters, lab reports and scanned forms carry patient data. docstudio processes them on a server inside your own network, encrypts them at rest and deletes them after the retention period you set.',
    uses: [
      {
        title: 'Remove patient identifiers',
        text: 'Redact names, dates of birth, record numbers and other personal data before a document is shared; each page is verified after redaction.',
        tool: 'pdf-redact',
      },
      {
        title: 'Password-protect what you send',
        text: 'Encrypt a PDF with AES-256 and a password before it leaves the department.',
        tool: 'pdf-protect',
      },
      {
        title: 'Make scans searchable',
        text: 'Turn scanned forms into searchable PDFs or plain text with OCR.',
        tool: 'pdf-ocr',
      },
    ],
    actions: ['pdf-redact', 'pdf-protect', 'pdf-ocr'],
  },
  legal: {
    intro:
      'Case bundles, disclosures and contracts move between parties. docstudio prepares them on your own server: redacted, marked, merged in order and archived.',
    uses: [
      {
        title: 'Redact before disclosure',
        text: 'Remove privileged or personal text from the content itself, not just cover it, and keep the original.',
        tool: 'pdf-redact',
      },
      {
        title: 'Mark drafts and copies',
        text: 'Watermark every page with CONFIDENTIAL, DRAFT or your own text.',
        tool: 'pdf-watermark',
      },
      {
        title: 'Assemble a bundle',
        text: 'Merge exhibits into one PDF in the order you choose.',
        tool: 'pdf-merge',
      },
      {
        title: 'Archive for the long term',
        text: 'Convert the final version to PDF/A.',
        tool: 'pdf-to-pdfa',
      },
    ],
    actions: ['pdf-redact', 'pdf-watermark', 'pdf-merge'],
  },
  government: {
    intro:
      'Public records must stay readable for decades, and releases must not leak personal data. docstudio runs on infrastructure you operate, with no third-party service in the path of a document.',
    uses: [
      {
        title: 'Archive records as PDF/A',
        text: 'Convert documents to the PDF/A version your records policy asks for.',
        tool: 'pdf-to-pdfa',
      },
      {
        title: 'Redact before release',
        text: 'Remove personal data from documents released on request; every page is checked after redaction.',
        tool: 'pdf-redact',
      },
      {
        title: 'Protect internal documents',
        text: 'Encrypt a PDF with a password before it is sent outside.',
        tool: 'pdf-protect',
      },
      {
        title: 'Digitise paper archives',
        text: 'Make scanned pages searchable with OCR.',
        tool: 'pdf-ocr',
      },
    ],
    actions: ['pdf-to-pdfa', 'pdf-redact', 'pdf-protect'],
  },
};
