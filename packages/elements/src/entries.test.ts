/** The generated entry modules: each workflow element's script imports its own screen only. */
import * as react from '@docstudio/react';
import { describe, expect, it } from 'vitest';
import { elementEntries, workflowEntrySource } from './entries';
import { WORKFLOW_ELEMENT_IDS, workflowElementTag } from './workflows/workflow.tag';

const reactExports: Readonly<Record<string, unknown>> = react;
const components = {
  'workflow-list': react.WorkflowList,
  'workflow-builder': react.WorkflowBuilder,
  'workflow-runner': react.WorkflowRunner,
};

describe.each([...WORKFLOW_ELEMENT_IDS])('the %s entry', (id) => {
  it('is one entry of the build, named after its element', () => {
    expect(elementEntries('/elements', [])[workflowElementTag(id)]).toBe(`docstudio-element:${id}`);
  });

  it('imports only its own component from @docstudio/react and defines its element with it', () => {
    const source = workflowEntrySource(id, '/elements');
    const imports = [...source.matchAll(/^import \{ (\w+) \} from '@docstudio\/react';$/gm)];
    expect(imports).toHaveLength(1);
    const imported = imports[0]?.[1] ?? '';
    expect(reactExports[imported]).toBe(components[id]);
    expect(source).toMatch(new RegExp(`^defineWorkflowElement\\("${id}", ${imported}\\);$`, 'm'));
  });
});
