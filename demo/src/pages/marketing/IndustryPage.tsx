/**
 * An industry page (/industries/healthcare, /legal, /government): what the sector does with the
 * tools, each use linking to its tool, then the page's calls to action.
 */
import '../content-pages.css';
import { getTool, type SiteRoute } from '@docstudio/core';
import { Link } from 'react-router';
import { usePageMeta } from '../../shell/usePageMeta';
import { INDUSTRY_CONTENT, type Industry } from './industry.content';

export function IndustryPage({ route, industry }: { route: SiteRoute; industry: Industry }) {
  usePageMeta(route.title, route.description);
  const content = INDUSTRY_CONTENT[industry];
  return (
    <main className="content-page">
      <h1>{route.title}</h1>
      <p>{content.intro}</p>
      <h2>What teams use it for</h2>
      <ul className="content-uses">
        {content.uses.map((use) => (
          <li key={use.title}>
            <h3>{use.title}</h3>
            <p>{use.text}</p>
            <Link to={getTool(use.tool).route}>Open {getTool(use.tool).title}</Link>
          </li>
        ))}
      </ul>
      <h2>Your server, your rules</h2>
      <p>
        Files are encrypted at rest with AES-256-GCM and deleted automatically after the retention period you
        set. docstudio holds no HIPAA, SOC 2 or ISO 27001 certification: it gives you the controls, and your
        own assessment decides how your deployment meets your regulations.
      </p>
      <h2>Get started</h2>
      <ul className="content-actions" aria-label="Calls to action">
        {content.actions.map((id) => (
          <li key={id}>
            <Link to={getTool(id).route}>{getTool(id).title}</Link>
          </li>
        ))}
        <li>
          <Link to="/workflows">Build a workflow</Link>
        </li>
      </ul>
    </main>
  );
}
