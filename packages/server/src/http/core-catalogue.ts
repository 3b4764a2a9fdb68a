/**
 * The bridge to '@docstudio/core': alias endpoints (pdf/merge), shared parameter validation and the
 * tool facts for the OpenAPI document. Loaded lazily and checked at run time, so the server keeps
 * working (with its own converter table only) while the core catalogue is missing or incomplete.
 */

export interface CatalogueTool {
  id: string;
  title?: string;
  description?: string;
  endpoint: string;
  workflowEndpoint?: string;
  alternateEndpoints?: readonly string[];
  options?: ReadonlyArray<{ name: string; label?: string; type?: string; required?: boolean; options?: ReadonlyArray<{ value: string }> }>;
}

export interface CoreCatalogue {
  findToolByEndpoint(endpoint: string): CatalogueTool | undefined;
  validateToolParameters?(endpoint: string, params: Readonly<Record<string, string>>): Record<string, string[]> | null;
  tools: readonly CatalogueTool[];
}

const emptyCatalogue: CoreCatalogue = { findToolByEndpoint: () => undefined, tools: [] };

const isTool = (value: unknown): value is CatalogueTool =>
  typeof value === 'object' && value !== null && typeof (value as CatalogueTool).endpoint === 'string';

function adapt(core: Record<string, unknown>): CoreCatalogue {
  // Prefer the registry's full list ('tools'); else the longest exported list of tool entries.
  const lists = Object.values(core).filter(
    (value): value is CatalogueTool[] => Array.isArray(value) && value.length > 0 && value.every(isTool),
  );
  const tools: CatalogueTool[] =
    (Array.isArray(core.tools) && core.tools.every(isTool) ? (core.tools as CatalogueTool[]) : undefined) ??
    lists.sort((a, b) => b.length - a.length)[0] ??
    [];
  const find = core.findToolByEndpoint;
  const validate = core.validateToolParameters;
  return {
    tools,
    findToolByEndpoint: (endpoint) => {
      if (typeof find === 'function') {
        const found = (find as (e: string) => unknown)(endpoint);
        if (isTool(found)) return found;
      }
      return tools.find(
        (tool) => tool.endpoint === endpoint || tool.workflowEndpoint === endpoint || tool.alternateEndpoints?.includes(endpoint),
      );
    },
    validateToolParameters:
      typeof validate === 'function'
        ? (endpoint, params) => {
            // Test-only or server-only converters are not in the catalogue: nothing to add for them.
            if (!tools.some((tool) => tool.endpoint === endpoint) && typeof find === 'function' && !find(endpoint)) return null;
            const result = (validate as (e: string, p: Readonly<Record<string, string>>) => unknown)(endpoint, params);
            return normalizeValidation(result);
          }
        : undefined,
  };
}

/** Accepts null, {} or {Field: [messages]} (or {Field: message}); returns null when nothing is wrong. */
function normalizeValidation(result: unknown): Record<string, string[]> | null {
  if (!result || typeof result !== 'object') return null;
  const source = 'errors' in result && typeof result.errors === 'object' ? (result.errors as object) : result;
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(source)) {
    const list = Array.isArray(messages) ? messages.map(String) : typeof messages === 'string' ? [messages] : [];
    if (list.length) out[name] = list;
  }
  return Object.keys(out).length ? out : null;
}

export async function loadCoreCatalogue(): Promise<CoreCatalogue> {
  // A specifier in a variable: the type checker must not require core's index while it is being written.
  const specifier = '@docstudio/core';
  try {
    return adapt((await import(specifier)) as Record<string, unknown>);
  } catch {
    return emptyCatalogue;
  }
}
