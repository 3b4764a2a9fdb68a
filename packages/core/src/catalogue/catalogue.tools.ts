/**
 * Every tool in landing order, and the types read off that list: `ToolId` is the union of the
 * entries' ids, so adding an entry to a group file is all it takes for every `Record<ToolId, ...>`
 * (the server's converter table, the React component map) to demand the new tool at compile time.
 */
import { advancedTools } from './advanced.tools';
import type { ToolEntry } from './catalogue.types';
import { convertFromPdfTools } from './convert-from-pdf.tools';
import { convertToPdfTools } from './convert-to-pdf.tools';
import { pdfManagementTools } from './pdf-management.tools';
import { pdfProcessingTools } from './pdf-processing.tools';

const entries = [
  ...convertToPdfTools,
  ...convertFromPdfTools,
  ...pdfProcessingTools,
  ...pdfManagementTools,
  ...advancedTools,
] as const;

/** 'office-to-pdf' | 'images-to-pdf' | ...: every id of the catalogue, derived from its entries. */
export type ToolId = (typeof entries)[number]['id'];

/** A catalogue tool as the rest of the code reads it. */
export type ToolDefinition = ToolEntry<ToolId>;

export const tools: readonly ToolDefinition[] = Object.freeze([...entries]);
