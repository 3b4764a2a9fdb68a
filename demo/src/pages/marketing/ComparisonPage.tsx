/**
 * A comparison page (/vs-smallpdf, /vs-ilovepdf, /vs-pdf2go): a table of what docstudio does, yes or
 * no, and beside each row the question to put to the other service. It states nothing about the other
 * product: its features, prices and terms change and are its own to publish.
 */
import '../content-pages.css';
import type { SiteRoute } from '@docstudio/core';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../shell/usePageMeta';
import { COMPARISON_ROWS } from './comparison.rows';

export interface ComparisonPageProps {
  route: SiteRoute;
  /** The other service's name as it writes it (Smallpdf, iLovePDF, PDF2Go). */
  competitor: string;
}

export function ComparisonPage({ route, competitor }: ComparisonPageProps) {
  usePageMeta(route.title, route.description);
  return (
    <main className="content-page">
      <h1>{route.title}</h1>
      <p>
        {competitor} is an online PDF service. docstudio is a studio of PDF and document tools with a
        conversion server you run yourself. The table lists what docstudio does, and what it does not; for{' '}
        {competitor}, it lists the question to ask, since its features and terms are its own to state.
      </p>
      <table className="content-table">
        <caption>What docstudio does, and what to ask {competitor}</caption>
        <thead>
          <tr>
            <th scope="col">Capability</th>
            <th scope="col">docstudio</th>
            <th scope="col">Ask {competitor}</th>
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.capability}>
              <th scope="row">{row.capability}</th>
              <td>
                <span className="content-status" data-status={row.docstudio ? 'yes' : 'no'}>
                  {row.docstudio ? (
                    <Check aria-hidden="true" focusable="false" size={16} />
                  ) : (
                    <X aria-hidden="true" focusable="false" size={16} />
                  )}
                  {row.docstudio ? 'Yes' : 'No'}
                </span>
                <span className="content-detail">{row.detail}</span>
              </td>
              <td>{row.ask}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Try it on your own files</h2>
      <ul className="content-actions">
        <li>
          <Link to="/">Browse all tools</Link>
        </li>
        <li>
          <Link to="/pdf-redact">Redact a PDF</Link>
        </li>
        <li>
          <Link to="/workflows">Build a workflow</Link>
        </li>
      </ul>
    </main>
  );
}
