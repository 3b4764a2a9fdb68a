/**
 * The four example workflows a visitor sees, blurred, behind 'Sign In to Access Workflows' (spec part 2
 * section 2). Their names are the spec's; the chains are our reading (the spec lists names only), each
 * a valid chain of catalogue tools so the sample never shows something the builder would refuse.
 */
import type { ToolId } from '../catalogue';

export interface SampleWorkflow {
  name: string;
  tools: readonly ToolId[];
}

export const SAMPLE_WORKFLOWS: readonly SampleWorkflow[] = [
  { name: 'Invoice Processing', tools: ['office-to-pdf', 'pdf-compress', 'pdf-protect'] },
  { name: 'Document Archive', tools: ['pdf-ocr', 'pdf-to-pdfa'] },
  { name: 'Presentation Converter', tools: ['office-to-pdf', 'pdf-watermark', 'pdf-compress'] },
  { name: 'Legal Document Flow', tools: ['pdf-merge', 'pdf-redact', 'pdf-protect'] },
];
