/** The catalogue's categories, and look-ups of its tools by id and by endpoint. */
import { UnknownToolError } from './catalogue.errors';
import { type ToolDefinition, type ToolId, tools } from './catalogue.tools';
import type { LandingCategory, WorkflowCategory } from './catalogue.types';

/** The landing grid's filter order (spec part 1, section 3). */
export const LANDING_CATEGORIES: readonly LandingCategory[] = Object.freeze([
  'Convert to PDF',
  'Convert from PDF',
  'PDF Processing',
  'PDF Management',
  'Advanced',
] as const);

/** The workflow builder's categories (spec part 2, section 1). */
export const WORKFLOW_CATEGORIES: readonly WorkflowCategory[] = Object.freeze([
  'Convert',
  'Optimize',
  'Security',
  'Organize',
  'Edit',
  'Text',
] as const);

const byId = new Map<string, ToolDefinition>(tools.map((tool) => [tool.id, tool]));

/** Every endpoint spelling a tool answers to: the page's, the workflow catalogue's and the alternates. */
export function endpointsOf(tool: ToolDefinition): readonly string[] {
  return [
    tool.endpoint,
    ...(tool.workflowEndpoint ? [tool.workflowEndpoint] : []),
    ...(tool.alternateEndpoints ?? []),
  ];
}

const byEndpoint = new Map<string, ToolDefinition>(
  tools.flatMap((tool) => endpointsOf(tool).map((endpoint): [string, ToolDefinition] => [endpoint, tool])),
);

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && byId.has(value);
}

/** The tool with this id; throws UnknownToolError for an id that is not in the catalogue. */
export function getTool(id: ToolId): ToolDefinition {
  const tool = byId.get(id);
  if (!tool) throw new UnknownToolError(String(id));
  return tool;
}

/** The same look-up without throwing, for ids read from URLs or stored workflows. */
export function findToolById(id: string): ToolDefinition | undefined {
  return byId.get(id);
}

/**
 * Normalises what callers write: '/convert/pdf/to/merge/', ' PDF/TO/MERGE ' and 'pdf/to/merge' are the
 * same endpoint. Anything that is not a plain path gives ''.
 */
export function normalizeEndpoint(endpoint: string): string {
  if (typeof endpoint !== 'string') return '';
  const path = endpoint
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^convert\//, '');
  return /^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(path) ? path : '';
}

/** The tool answering to an endpoint (page, workflow alias such as pdf/merge, or alternate such as pdf/to/txt). */
export function findToolByEndpoint(endpoint: string): ToolDefinition | undefined {
  return byEndpoint.get(normalizeEndpoint(endpoint));
}
