/**
 * A tool page (spec part 1, section 2, 'Common layout of a tool page'): breadcrumb 'Tools / {name}'
 * and the tool's widget, which brings the heading, upload card, options card and the security note,
 * plus the side cards of features, benefits and tips from the catalogue's tool guide (spec part 1 and
 * part 2, section 2). The tool is the page's subject, so its visible heading is the page's one h1
 * (`headingLevel={1}`; the widget's own default, h2, is for a tool placed inside a partner's page).
 * The head tags come from the route list (the shell's useRouteMeta).
 */
import { type ToolDefinition, toolGuides } from '@docstudio/core';
import { toolComponents } from '@docstudio/react';
import { Link } from 'react-router';

export function ToolPage({ tool }: { tool: ToolDefinition }) {
  const Tool = toolComponents[tool.id];
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link to="/">Tools</Link> / <span aria-current="page">{tool.title}</span>
      </nav>
      <Tool headingLevel={1} guide={toolGuides[tool.id]} />
    </main>
  );
}
