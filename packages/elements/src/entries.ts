/**
 * Build entries, read off the catalogue: one module per tool, `docstudio-<tool id>.js` (a partner
 * loads one converter with one script tag), and `all` for every tool. There is no source file per
 * tool: the Vite plugin below generates each tool's module, which imports only that tool's component
 * (so one element's script does not carry the other tools) and defines its element. The ids come in
 * as an argument: vite.config.ts loads the catalogue's TypeScript itself.
 */
import type { ToolId } from '@docstudio/core';
import type { Plugin } from 'vite';
// With its extension: Vite loads this file as part of its config, outside its own resolver.
import { toolElementTag } from './tools/tool.tag.ts';

const ENTRY_PREFIX = 'docstudio-element:';

/**
 * The name @docstudio/react exports the tool's component under: its id in PascalCase
 * ('pdf-to-word' -> 'PdfToWord'; react's `toolComponentName`, which the elements tests compare with).
 */
export function componentExportName(toolId: ToolId): string {
  return toolId
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The source of a tool's entry module: what each `docstudio-<tool id>.js` runs. */
export function elementEntrySource(toolId: ToolId, packageDir: string): string {
  const component = componentExportName(toolId);
  return [
    `import { ${component} } from '@docstudio/react';`,
    `import { defineToolElement } from ${JSON.stringify(`${packageDir}/src/tools/tool.element.tsx`)};`,
    `defineToolElement(${JSON.stringify(toolId)}, ${component});`,
  ].join('\n');
}

/** Entry name -> module id, for Vite's `build.lib.entry`. */
export function elementEntries(packageDir: string, toolIds: readonly ToolId[]): Record<string, string> {
  return {
    all: `${packageDir}/src/all.ts`,
    ...Object.fromEntries(toolIds.map((toolId) => [toolElementTag(toolId), `${ENTRY_PREFIX}${toolId}`])),
  };
}

/** Serves the generated tool entry modules named by `elementEntries`. */
export function elementEntriesPlugin(packageDir: string, toolIds: readonly ToolId[]): Plugin {
  const byModuleId = new Map(toolIds.map((toolId) => [`\0${ENTRY_PREFIX}${toolId}`, toolId]));
  return {
    name: 'docstudio-element-entries',
    // Vite hands lib entries over resolved against the root ('/.../docstudio-element:pdf-rotate').
    resolveId(id) {
      const at = id.indexOf(ENTRY_PREFIX);
      return at >= 0 ? `\0${id.slice(at)}` : null;
    },
    load(id) {
      const toolId = byModuleId.get(id);
      return toolId ? elementEntrySource(toolId, packageDir) : null;
    },
  };
}
