/**
 * The shared page shell (spec part 1, section 2): skip link, the Staging strip outside production,
 * header, the page, and the footer; header and footer can be turned off. The head tags of every
 * page come from the route list (useRouteMeta).
 */
import type { ReactNode } from 'react';
import type { StudioAuth } from '../auth/studio.auth';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { useRouteMeta } from './usePageMeta';
import './shell.css';

export interface PageShellProps {
  auth: StudioAuth;
  children: ReactNode;
  showHeader?: boolean;
  showFooter?: boolean;
  /** A sign-in problem to show above the page ('Unable to save authentication data'). */
  notice?: string | null;
}

export function PageShell({ auth, children, showHeader = true, showFooter = true, notice }: PageShellProps) {
  useRouteMeta();
  const staging = auth.environment.name !== 'production';
  return (
    <div className="studio-shell">
      <SkipLink />
      {(staging || showHeader) && (
        // Sticky together: the badge has a strip of its own above the header, so it stays at the top
        // right while scrolling and never lies over a control.
        <div className="studio-top">
          {staging && (
            <div className="studio-staging-strip">
              <output className="studio-staging-badge" aria-label="Environment">
                Staging
              </output>
            </div>
          )}
          {showHeader && <SiteHeader auth={auth} />}
        </div>
      )}
      {notice && (
        <p role="alert" className="studio-alert">
          {notice}
        </p>
      )}
      <div id={MAIN_CONTENT_ID} tabIndex={-1} className="studio-content">
        {children}
      </div>
      {showFooter && <SiteFooter />}
    </div>
  );
}
