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

type OptionOf<Id extends ToolId> = Extract<(typeof entries)[number], { id: Id }>['options'][number];
/** Options a successful resolution always holds: required or defaulted, and shown whatever the others say. */
type AlwaysResolved<Option> = Option extends { shownWhen: unknown }
  ? never
  : Option extends { required: true } | { default: unknown }
    ? Option
    : never;

/**
 * One tool's parameters once resolved against its catalogue entry (`resolveParametersOf`): every value
 * checked and in its canonical spelling, defaults filled in, keyed by the option names the entry lists
 * (`ToolParameters<'pdf-compress'>` is `{ Preset: string }`). An option that may be missing (no
 * default, or shown only while another option has some value) is optional.
 */
export type ToolParameters<Id extends ToolId> = {
  readonly [Option in AlwaysResolved<OptionOf<Id>> as Option['name']]: string;
} & {
  readonly [Option in Exclude<OptionOf<Id>, AlwaysResolved<OptionOf<Id>>> as Option['name']]?: string;
};

export const tools: readonly ToolDefinition[] = Object.freeze([...entries]);
