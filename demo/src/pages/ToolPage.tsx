/**
 * A tool page (spec part 1, section 2, 'Common layout of a tool page'): breadcrumb 'Tools / {name}'
 * and the tool's widget, which brings the heading, upload card, options card and the security note,
 * plus the side cards of features, benefits and tips from the catalogue's tool guide (spec part 1 and
 * part 2, section 2). The tool is the page's subject, so its visible heading is the page's one h1
 * (`headingLevel={1}`; the widget's own default, h2, is for a tool placed inside a partner's page).
 * The head tags come from the route list (the shell's useRouteMeta). 'Continue with another tool'
 * opens the chosen tool's page with the result preselected (its FileId, no re-upload); results are
 * kept for the tab's session, so they are listed again after navigating away and back.
 */
import { type ConversionFile, type ToolDefinition, toolGuides } from '@docstudio/core';
import { toolComponents } from '@docstudio/react';
import { Link, useLocation, useNavigate } from 'react-router';

/** What 'Continue with another tool' hands to the next tool page (router state, never the URL). */
interface HandOffState {
  handOff?: ConversionFile[];
}

export function ToolPage({ tool }: { tool: ToolDefinition }) {
  const Tool = toolComponents[tool.id];
  const navigate = useNavigate();
  const location = useLocation();
  const handOff = (location.state as HandOffState | null)?.handOff;
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link to="/">Tools</Link> / <span aria-current="page">{tool.title}</span>
      </nav>
      {/* Keyed by the visit: a hand-off to the same tool starts a fresh one with the new files. */}
      <Tool
        key={location.key}
        headingLevel={1}
        guide={toolGuides[tool.id]}
        keepResults
        {...(handOff ? { initialFiles: handOff } : {})}
        onContinue={({ toolId, files }) => navigate(`/${toolId}`, { state: { handOff: files } })}
      />
    </main>
  );
}
