/**
 * Format compatibility between steps and the tool choices of the builder (spec part 2 section 5).
 * Formats compare case-insensitively, with jpeg = jpg, tif = tiff and htm = html.
 */
import { normalizeEndpoint, tools } from '../catalogue';
import type { ToolDefinition } from '../catalogue/catalogue.tools';

const SYNONYMS: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', htm: 'html' };

export const normaliseFormat = (format: string): string => {
  const lower = format.trim().toLowerCase().replace(/^\./, '');
  return SYNONYMS[lower] ?? lower;
};

/** Inputs the first step may take (spec: url or pdf/doc/docx/xls/xlsx/ppt/pptx/jpg/jpeg/png/html). */
export const FIRST_STEP_INPUTS: readonly string[] = [
  'url',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'jpg',
  'jpeg',
  'png',
  'html',
];

/** What a step on this endpoint outputs: an endpoint choice's formats (pdf/to/txt -> txt), else the tool's. */
export function stepOutputFormats(
  tool: Pick<ToolDefinition, 'outputFormats' | 'endpointChoices'>,
  endpoint?: string,
): Pick<ToolDefinition, 'outputFormats'> {
  const wanted = endpoint ? normalizeEndpoint(endpoint) : '';
  const choice = tool.endpointChoices?.find((c) => normalizeEndpoint(c.endpoint) === wanted);
  return { outputFormats: choice?.outputFormats ?? tool.outputFormats };
}

/** True when some output format of `previous` is an input format of `next`. */
export function canFollow(
  previous: Pick<ToolDefinition, 'outputFormats'>,
  next: Pick<ToolDefinition, 'inputFormats'>,
): boolean {
  const inputs = new Set(next.inputFormats.map(normaliseFormat));
  return previous.outputFormats.some((format) => inputs.has(normaliseFormat(format)));
}

/** Tools the first step may use. */
export function firstStepChoices(catalogue: readonly ToolDefinition[] = tools): ToolDefinition[] {
  const allowed = new Set(FIRST_STEP_INPUTS.map(normaliseFormat));
  return catalogue.filter((tool) => tool.inputFormats.some((format) => allowed.has(normaliseFormat(format))));
}

/**
 * Tools a step after `last` may use (its endpoint narrows OCR to the output it picked); the first
 * step's choices when there is no step yet.
 */
export function nextStepChoices(
  last: ToolDefinition | undefined,
  lastEndpoint?: string,
  catalogue: readonly ToolDefinition[] = tools,
): ToolDefinition[] {
  if (!last) return firstStepChoices(catalogue);
  const outputs = stepOutputFormats(last, lastEndpoint);
  return catalogue.filter((tool) => canFollow(outputs, tool));
}
