/**
 * A tool page (spec part 1, section 2, 'Common layout of a tool page'): breadcrumb 'Tools / {name}'
 * and the tool's widget, which brings the heading, upload card, options or features card and the
 * security note itself. The tool is the page's subject, so its visible heading is the page's one h1
 * (`headingLevel={1}`; the widget's own default, h2, is for a tool placed inside a partner's page).
 */
import type { ToolDefinition } from '@docstudio/core';
import { toolComponents } from '@docstudio/react';
import { Link } from 'react-router';
import { usePageMeta } from '../shell/usePageMeta';

export function ToolPage({ tool }: { tool: ToolDefinition }) {
  usePageMeta(tool.texts.heading, tool.description);
  const Tool = toolComponents[tool.id];
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link to="/">Tools</Link> / <span aria-current="page">{tool.title}</span>
      </nav>
      <Tool headingLevel={1} />
    </main>
  );
}
