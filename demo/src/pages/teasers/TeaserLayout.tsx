/**
 * The frame of an enterprise teaser (spec part 2, section 2): heading, what the feature is, a contact
 * link, and a sample that is blurred and `inert`, so nothing in it can be focused, clicked or read out:
 * it is a picture of a feature this version does not have, not a control.
 */
import '../content-pages.css';
import type { SiteRoute } from '@docstudio/core';
import type { ReactNode } from 'react';
import { useLinkSettings } from '../../shell/site-links.context';
import { usePageMeta } from '../../shell/usePageMeta';
import { contactUrl } from '../external.links';

export interface TeaserLayoutProps {
  route: SiteRoute;
  /** What the feature will do, in a sentence or two. */
  lead: string;
  /** A description of the sample for sighted users; the sample itself is hidden from assistive technology. */
  sampleLabel: string;
  children: ReactNode;
}

export function TeaserLayout({ route, lead, sampleLabel, children }: TeaserLayoutProps) {
  usePageMeta(route.title, route.description);
  const contact = contactUrl(useLinkSettings());
  return (
    <main className="content-page teaser">
      <p className="content-badge">Enterprise preview</p>
      <h1>{route.title}</h1>
      <p>{lead}</p>
      <p>
        This is not part of this version of docstudio: the sample below shows what is planned.
        {/* Only where the install names a contact page (VITE_CONTACT_URL): no guessed address. */}
        {contact && (
          <>
            {' '}
            To tell us what you need, <a href={contact}>contact us</a>.
          </>
        )}
      </p>
      <p className="visually-hidden">{sampleLabel}</p>
      <div className="teaser-sample" inert data-testid="teaser-sample">
        {children}
      </div>
    </main>
  );
}
