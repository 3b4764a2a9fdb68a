/**
 * External pages the landing and teaser pages link to (pricing, contact): the very targets of the
 * footer's links (shell/site.links.ts), so a self-hosted install that points them elsewhere with its
 * VITE_ variables moves these too, with no second setting.
 */
import type { Environment } from '@docstudio/core';
import { footerLinkGroups } from '../shell/site.links';

function footerTarget(environment: Environment, label: string): string {
  const link = footerLinkGroups(environment)
    .flatMap((group) => group.links)
    .find((entry) => entry.label === label);
  if (!link) throw new Error(`The footer has no '${label}' link.`);
  return link.href;
}

export const pricingUrl = (environment: Environment): string => footerTarget(environment, 'Pricing');

export const contactUrl = (environment: Environment): string => footerTarget(environment, 'Contact');
