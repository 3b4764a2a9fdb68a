/**
 * The landing page at / (spec part 1, section 2): its seven sections in the spec's order, each a
 * component of landing/: tool grid and filter, enterprise features, logo strip, security and
 * compliance, testimonials, FAQ, call to action.
 */
import './content-pages.css';
import './landing.css';
import type { SiteRoute } from '@docstudio/core';
import { Link } from 'react-router';
import type { StudioAuth } from '../auth/studio.auth';
import { useLinkSettings } from '../shell/site-links.context';
import { usePageMeta } from '../shell/usePageMeta';
import { pricingUrl } from './external.links';
import { CallToAction } from './landing/CallToAction';
import { EnterpriseFeatures } from './landing/EnterpriseFeatures';
import { Faq } from './landing/Faq';
import { LogoStrip } from './landing/LogoStrip';
import { SecurityCompliance } from './landing/SecurityCompliance';
import { Testimonials } from './landing/Testimonials';
import { ToolGrid } from './landing/ToolGrid';

export function Landing({ auth, route }: { auth: StudioAuth; route: SiteRoute }) {
  usePageMeta(route.title, route.description);
  const linkSettings = useLinkSettings();
  return (
    <main className="landing">
      <h1>{route.title}</h1>
      <p className="landing-workflows">
        Run several tools in one go: <Link to="/workflows">chain them into a workflow</Link>.
      </p>
      <ToolGrid />
      <EnterpriseFeatures />
      <LogoStrip />
      <SecurityCompliance />
      <Testimonials />
      <Faq />
      <CallToAction signUpUrl={auth.signUpUrl} pricingUrl={pricingUrl(linkSettings)} />
    </main>
  );
}
