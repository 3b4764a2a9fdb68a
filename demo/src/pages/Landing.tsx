/** The landing page's tool grid with its category filter (spec part 1, section 2 and 4). */
import './landing.css';
import { LANDING_CATEGORIES, type LandingCategory, tools } from '@docstudio/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../shell/usePageMeta';

type Filter = 'All' | LandingCategory;

export function Landing() {
  usePageMeta('PDF and document tools', 'Convert, secure and process documents on your own server.');
  const [filter, setFilter] = useState<Filter>('All');
  const shown = filter === 'All' ? tools : tools.filter((tool) => tool.landingCategory === filter);
  return (
    <main className="landing">
      <h1>PDF and document tools</h1>
      <p className="landing-workflows">
        Run several tools in one go: <Link to="/workflows">chain them into a workflow</Link>.
      </p>
      <fieldset className="landing-filter" aria-label="Filter tools by category">
        {(['All', ...LANDING_CATEGORIES] as const).map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
          >
            {category}
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p>No tools found for this category</p>
      ) : (
        <ul className="landing-grid" aria-label="Tools">
          {shown.map((tool) => (
            <li key={tool.id}>
              <Link to={tool.route} className="landing-card">
                <span className="landing-card-category">{tool.landingCategory}</span>
                <strong>{tool.title}</strong>
                <span>{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
