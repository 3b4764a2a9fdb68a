/**
 * External pages the landing and teaser pages link to (pricing, contact): the very targets of the
 * footer's links (shell/site.links.ts), so one VITE_ variable sets both. Undefined when the install
 * has not named the page: the caller then shows no link rather than a guessed address.
 */
import { externalTarget, type LinkSettings } from '../shell/site.links';

export const pricingUrl = (settings: LinkSettings): string | undefined =>
  externalTarget(settings, 'VITE_PRICING_URL');

export const contactUrl = (settings: LinkSettings): string | undefined =>
  externalTarget(settings, 'VITE_CONTACT_URL');
