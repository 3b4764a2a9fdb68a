/** Landing section 1: the tool grid with its category filter (spec part 1, section 2). */
import { LANDING_CATEGORIES, type LandingCategory, tools } from '@docstudio/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ToolIcon } from './ToolIcon';

type Filter = 'All' | LandingCategory;

export function ToolGrid() {
  const [filter, setFilter] = useState<Filter>('All');
  const shown = filter === 'All' ? tools : tools.filter((tool) => tool.landingCategory === filter);
  return (
    <section className="landing-section" aria-labelledby="landing-tools" data-section="tools">
      <h2 id="landing-tools" className="visually-hidden">
        All tools
      </h2>
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
                <span className="landing-card-icon">
                  <ToolIcon name={tool.icon} />
                </span>
                <span className="landing-card-category">{tool.landingCategory}</span>
                <strong>{tool.title}</strong>
                <span>{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
