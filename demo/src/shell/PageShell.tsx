/**
 * The shared page shell (spec part 1, section 2): header with the site navigation and the sign-in
 * state, the Staging badge outside production, and the footer. Header and footer can be turned off.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { StudioAuth } from '../auth/studio.auth';
import './shell.css';

const NAVIGATION = [
  { to: '/', label: 'Tools' },
  { to: '/workflows', label: 'Workflows' },
  { to: '/connectors', label: 'Connectors' },
  { to: '/documents', label: 'Storage' },
] as const;

const COMPARISONS = [
  { to: '/vs-smallpdf', label: 'docstudio vs Smallpdf' },
  { to: '/vs-ilovepdf', label: 'docstudio vs iLovePDF' },
  { to: '/vs-pdf2go', label: 'docstudio vs PDF2Go' },
] as const;

const INDUSTRIES = [
  { to: '/industries/healthcare', label: 'Healthcare' },
  { to: '/industries/legal', label: 'Legal' },
  { to: '/industries/government', label: 'Government' },
] as const;

export interface PageShellProps {
  auth: StudioAuth;
  children: ReactNode;
  showHeader?: boolean;
  showFooter?: boolean;
  /** A sign-in problem to show above the page ('Unable to save authentication data'). */
  notice?: string | null;
}

export function PageShell({ auth, children, showHeader = true, showFooter = true, notice }: PageShellProps) {
  return (
    <div className="studio-shell">
      {auth.environment.name !== 'production' && (
        <output className="studio-staging-badge" aria-label="Environment">
          Staging
        </output>
      )}
      {showHeader && (
        <header className="studio-header">
          <NavLink to="/" className="studio-brand" aria-label="docstudio home">
            docstudio
          </NavLink>
          <nav aria-label="Main" className="studio-nav">
            {NAVIGATION.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="studio-account">
            {auth.loggedIn ? (
              <>
                <a className="studio-button" href={auth.accountUrl} target="_blank" rel="noopener">
                  Account
                </a>
                <button type="button" className="studio-button" onClick={auth.logout}>
                  Logout
                </button>
              </>
            ) : (
              <>
                <a className="studio-button" href={auth.signInUrl}>
                  Sign In
                </a>
                <a className="studio-button studio-button-primary" href={auth.signUpUrl}>
                  Get Started
                </a>
              </>
            )}
          </div>
        </header>
      )}
      {notice && (
        <p role="alert" className="studio-alert">
          {notice}
        </p>
      )}
      <div className="studio-content">{children}</div>
      {showFooter && (
        <footer className="studio-footer">
          <nav aria-label="Compare">
            {COMPARISONS.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <nav aria-label="Industries">
            {INDUSTRIES.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <nav aria-label="Developers">
            <a href="/api/openapi.json">API documentation</a>
          </nav>
          <p>© 2025 docstudio. Files are encrypted at rest and deleted automatically.</p>
        </footer>
      )}
    </div>
  );
}
