/**
 * Landing section 7: the call-to-action band: Start Free Trial (sign-up) and View Pricing, each in a
 * new tab; View Pricing only when the install names a pricing page (VITE_PRICING_URL).
 */
import { NewTabLink } from '../NewTabLink';

export function CallToAction({ signUpUrl, pricingUrl }: { signUpUrl: string; pricingUrl?: string }) {
  return (
    <section className="landing-section landing-cta" aria-labelledby="landing-cta" data-section="cta">
      <h2 id="landing-cta">Start converting on your own terms</h2>
      <p>
        Create an account to save workflows and API keys, or run the whole studio yourself with npm start.
      </p>
      <div className="landing-cta-actions">
        <NewTabLink href={signUpUrl} className="landing-button landing-button-primary">
          Start Free Trial
        </NewTabLink>
        {pricingUrl && (
          <NewTabLink href={pricingUrl} className="landing-button">
            View Pricing
          </NewTabLink>
        )}
      </div>
    </section>
  );
}
