/** A tool page: breadcrumb 'Tools / {name}', heading, and the tool's widget. */
import type { ToolDefinition } from '@docstudio/core';
import { Link } from 'react-router';

export function ToolPage({ tool }: { tool: ToolDefinition }) {
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link to="/">Tools</Link> / <span>{tool.title}</span>
      </nav>
      <h1>{tool.texts.heading}</h1>
      <p>{tool.description}</p>
    </main>
  );
}
