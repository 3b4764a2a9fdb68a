/**
 * Build entries, read off the catalogue: one module per tool, `docstudio-<tool id>.js` (a partner
 * loads one converter with one script tag), one per workflow screen (`docstudio-workflow-runner.js`
 * …), and `all` for every element. There is no source file per element: the Vite plugin below
 * generates each one's module, which imports only that element's component (so one element's script
 * does not carry the others) and defines its element. The tool ids come in as an argument:
 * vite.config.ts loads the catalogue's TypeScript itself.
 */
import type { ToolId } from '@docstudio/core';
import type { Plugin } from 'vite';
// With its extension: Vite loads this file as part of its config, outside its own resolver.
import { toolElementTag } from './tools/tool.tag.ts';
import {
  WORKFLOW_ELEMENT_IDS,
  type WorkflowElementId,
  workflowElementTag,
} from './workflows/workflow.tag.ts';

const ENTRY_PREFIX = 'docstudio-element:';

/**
 * The name @docstudio/react exports an element's component under: its id in PascalCase
 * ('pdf-to-word' -> 'PdfToWord', 'workflow-runner' -> 'WorkflowRunner'; react's `toolComponentName`,
 * which the elements tests compare with).
 */
export function componentExportName(id: string): string {
  return id
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

/**
 * The source of a workflow screen's entry module (`docstudio-workflow-runner.js`): its component
 * only ('workflow-runner' -> `WorkflowRunner`, the name @docstudio/react exports it under).
 */
export function workflowEntrySource(id: WorkflowElementId, packageDir: string): string {
  const component = componentExportName(id);
  return [
    `import { ${component} } from '@docstudio/react';`,
    `import { defineWorkflowElement } from ${JSON.stringify(`${packageDir}/src/workflows/workflow.element.ts`)};`,
    `defineWorkflowElement(${JSON.stringify(id)}, ${component});`,
  ].join('\n');
}

/** Entry name -> module id, for Vite's `build.lib.entry`. */
export function elementEntries(packageDir: string, toolIds: readonly ToolId[]): Record<string, string> {
  return {
    all: `${packageDir}/src/all.ts`,
    ...Object.fromEntries(toolIds.map((toolId) => [toolElementTag(toolId), `${ENTRY_PREFIX}${toolId}`])),
    ...Object.fromEntries(WORKFLOW_ELEMENT_IDS.map((id) => [workflowElementTag(id), `${ENTRY_PREFIX}${id}`])),
  };
}

/**
 * Entry name -> module id for the npm build: `index` (the API), `all`, and one module per element
 * named by its id (`pdf-merge`, `workflow-runner`), what `@docstudio/elements/<id>` loads.
 */
export function libraryEntries(packageDir: string, toolIds: readonly ToolId[]): Record<string, string> {
  return {
    index: `${packageDir}/src/index.ts`,
    all: `${packageDir}/src/all.ts`,
    ...Object.fromEntries([...toolIds, ...WORKFLOW_ELEMENT_IDS].map((id) => [id, `${ENTRY_PREFIX}${id}`])),
  };
}

/** Serves the generated entry modules named by `elementEntries` and `libraryEntries`. */
export function elementEntriesPlugin(packageDir: string, toolIds: readonly ToolId[]): Plugin {
  const sources = new Map<string, () => string>([
    ...toolIds.map((toolId) => [toolId, () => elementEntrySource(toolId, packageDir)] as const),
    ...WORKFLOW_ELEMENT_IDS.map((id) => [id, () => workflowEntrySource(id, packageDir)] as const),
  ]);
  return {
    name: 'docstudio-element-entries',
    // Vite hands lib entries over resolved against the root ('/.../docstudio-element:pdf-rotate').
    resolveId(id) {
      const at = id.indexOf(ENTRY_PREFIX);
      return at >= 0 ? `\0${id.slice(at)}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${ENTRY_PREFIX}`)) return null;
      return sources.get(id.slice(ENTRY_PREFIX.length + 1))?.() ?? null;
    },
  };
}
