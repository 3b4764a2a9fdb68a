/**
 * A tool is written once, in the core catalogue; everything else is read off it. This checks that
 * every catalogue tool really arrives everywhere: a server converter for each endpoint it posts to,
 * a React component that renders it, a custom-element build entry that defines its element with
 * that component, and a studio page at its route. The compiler already refuses a tool missing from
 * the server's table or react's exports; this also catches what types cannot see (a component
 * rendering another tool, an entry that defines the wrong element, a route showing another page).
 * It runs in Node: the server's converters cannot load in a browser, and the React parts render
 * with react-dom/server (the studio's pages, loaded lazily, with react-dom/static's prerender, which
 * waits for them).
 */

import { text } from 'node:stream/consumers';
import { findToolByEndpoint, tools } from '@docstudio/core';
import * as react from '@docstudio/react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '../../demo/src/App';
import { elementEntries, elementEntrySource } from '../../packages/elements/src/entries';
import { toolElementTag } from '../../packages/elements/src/tools/tool.tag';
import { WORKFLOW_ELEMENT_IDS, workflowElementTag } from '../../packages/elements/src/workflows/workflow.tag';
import { converterByTool, converters } from '../../packages/server/src/converters';

/** React's public exports by name, as the element entries import them. */
const reactExports: Readonly<Record<string, unknown>> = react;
const elementsDir = '/packages/elements';
const entries = elementEntries(
  elementsDir,
  tools.map((tool) => tool.id),
);

/** The HTML of a rendered tool root for this id (ToolShell marks it with data-scope and data-part). */
const toolRoot = (toolId: string) => `data-scope="${toolId}" data-part="root"`;

describe.each(tools)('catalogue tool $id', (tool) => {
  it('has a server converter for its page endpoint and for every endpoint an option switches to', () => {
    expect(converterByTool[tool.id].endpoint).toBe(tool.endpoint);
    for (const endpoint of [tool.endpoint, ...(tool.alternateEndpoints ?? [])]) {
      expect(converters.filter((converter) => converter.endpoint === endpoint)).toHaveLength(1);
    }
  });

  it('has a React component, exported under its name, that renders this tool', () => {
    const Tool = react.toolComponents[tool.id];
    expect(reactExports[react.toolComponentName(tool.id)]).toBe(Tool);
    expect(renderToString(<Tool apiUrl="/api" />)).toContain(toolRoot(tool.id));
  });

  it('has a custom-element build entry that defines docstudio-<id> with its component', () => {
    const moduleId = entries[toolElementTag(tool.id)];
    expect(moduleId).toBeDefined();
    // The generated module: `import { PdfRotate } from '@docstudio/react'` ... `defineToolElement('pdf-rotate', PdfRotate)`.
    const source = elementEntrySource(tool.id, elementsDir);
    const imported = source.match(/^import \{ (\w+) \} from '@docstudio\/react';$/m)?.[1];
    const defined = source.match(/^defineToolElement\("([^"]+)", (\w+)\);$/m);
    expect(defined?.[1]).toBe(tool.id);
    expect(defined?.[2]).toBe(imported);
    expect(reactExports[imported ?? '']).toBe(react.toolComponents[tool.id]);
  });

  it('has a studio page at its route showing this tool', async () => {
    const { prelude } = await prerenderToNodeStream(
      <MemoryRouter initialEntries={[tool.route]}>
        <App />
      </MemoryRouter>,
    );
    const html = await text(prelude);
    expect(html).toContain(toolRoot(tool.id));
    expect(html).not.toContain('Oops! Page not found');
  });
});

describe('the registrations', () => {
  it('hold nothing the catalogue does not know', () => {
    for (const converter of converters) expect(findToolByEndpoint(converter.endpoint)).toBeDefined();
    expect(Object.keys(react.toolComponents).sort()).toEqual(tools.map((tool) => tool.id).sort());
    // Besides the tools: the workflow list, builder and runner (one entry each).
    expect(Object.keys(entries).sort()).toEqual(
      [
        'all',
        ...tools.map((tool) => toolElementTag(tool.id)),
        ...WORKFLOW_ELEMENT_IDS.map(workflowElementTag),
      ].sort(),
    );
  });

  it('leave a path that is no tool to the not-found page', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/pdf-nothing']}>
        <App />
      </MemoryRouter>,
    );
    expect(html).toContain('Oops! Page not found');
    expect(html).not.toContain('data-part="root"');
  });
});
