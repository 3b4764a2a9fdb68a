/**
 * A tool page (spec part 1, section 2, 'Common layout of a tool page'): breadcrumb 'Tools / {name}'
 * and the tool's widget, which brings the heading, upload card, options or features card and the
 * security note itself. The page's own h1 is for outline and screen readers: the widget's visible
 * heading is an h2 so that it also fits inside a partner's page.
 */
import type { ToolDefinition } from '@docstudio/core';
import { Link } from 'react-router';
import { usePageMeta } from '../shell/usePageMeta';
import { toolComponents } from '../tools/tool.components';

export function ToolPage({ tool }: { tool: ToolDefinition }) {
  usePageMeta(tool.texts.heading, tool.description);
  const Tool = toolComponents[tool.id];
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link to="/">Tools</Link> / <span aria-current="page">{tool.title}</span>
      </nav>
      <h1 className="visually-hidden">{tool.texts.heading}</h1>
      <Tool />
    </main>
  );
}
