/**
 * The landing page as a visitor uses it (spec part 1, section 2): seven sections in order, tool cards
 * with their own icons, the category filter, 5-star testimonials, the FAQ accordion by mouse and
 * keyboard, the call to action's new-tab links, and no serious axe violation.
 */
import { defaultEnvironments, signUpUrl, tools } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { authContext, renderStudio, seriousViolations } from '../workflows/workflow-pages.testing';

const renderLanding = () => renderStudio('/', authContext().context);

describe('landing page', () => {
  it('shows its seven sections in the order of the spec', async () => {
    const screen = await renderLanding();
    await expect.element(screen.getByRole('list', { name: 'Tools' })).toBeVisible();
    const sections = [...screen.container.querySelectorAll('main [data-section]')].map((section) =>
      section.getAttribute('data-section'),
    );
    expect(sections).toEqual(['tools', 'enterprise', 'logos', 'security', 'testimonials', 'faq', 'cta']);
    const headings = screen.getByRole('main').getByRole('heading', { level: 2 }).elements();
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'All tools',
      'Made for organisations',
      'Made for teams that keep documents in-house',
      'Security and compliance',
      'What it is like to run',
      'Frequently asked questions',
      'Start converting on your own terms',
    ]);
  });

  it('draws each tool card with its own catalogue icon', async () => {
    const screen = await renderLanding();
    const cards = screen.getByRole('list', { name: 'Tools' }).getByRole('link').elements();
    expect(cards).toHaveLength(tools.length);
    const drawn = cards.map((card) => card.querySelector('svg[data-icon]')?.getAttribute('data-icon'));
    expect(drawn).toEqual(tools.map((tool) => tool.icon));
    // Each icon is a real drawing, hidden from assistive technology (the title names the tool).
    for (const card of cards) {
      const svg = card.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.getBoundingClientRect().width).toBeGreaterThan(0);
      expect(svg.querySelectorAll('path, rect, circle, line, polyline').length).toBeGreaterThan(0);
    }
  });

  it('filters the grid by category and back to all', async () => {
    const screen = await renderLanding();
    const grid = screen.getByRole('list', { name: 'Tools' });
    await screen.getByRole('button', { name: 'PDF Processing' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'PDF Processing' }))
      .toHaveAttribute('aria-pressed', 'true');
    const processing = tools.filter((tool) => tool.landingCategory === 'PDF Processing');
    expect(
      grid
        .getByRole('link')
        .elements()
        .map((link) => link.getAttribute('href')),
    ).toEqual(processing.map((tool) => tool.route));
    await screen.getByRole('button', { name: 'All' }).click();
    expect(grid.getByRole('link').elements()).toHaveLength(tools.length);
  });

  it('rates each of the three testimonials 5 out of 5, read out once', async () => {
    const screen = await renderLanding();
    const ratings = screen.getByRole('img', { name: 'Rated 5 out of 5' }).elements();
    expect(ratings).toHaveLength(3);
    for (const rating of ratings) {
      expect(rating.querySelectorAll('svg[data-filled="true"]')).toHaveLength(5);
    }
    expect(screen.container.querySelectorAll('[data-section="testimonials"] blockquote')).toHaveLength(3);
  });

  it('opens one FAQ answer at a time and closes it again, by mouse and keyboard', async () => {
    const screen = await renderLanding();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button').elements();
    expect(questions).toHaveLength(8);
    const expanded = () => questions.map((button) => button.getAttribute('aria-expanded'));
    const answerOf = (button: Element) => document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(expanded().every((state) => state === 'false')).toBe(true);
    expect(questions.every((button) => answerOf(button).hidden)).toBe(true);

    await faq.getByRole('button', { name: 'How long are files kept?' }).click();
    expect(expanded()).toEqual(['false', 'true', 'false', 'false', 'false', 'false', 'false', 'false']);
    await expect.element(faq.getByText(/deleted automatically after the retention period/)).toBeVisible();

    // Keyboard: another question opened with Enter closes the first.
    (questions[3] as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(expanded()).toEqual(['false', 'false', 'false', 'true', 'false', 'false', 'false', 'false']);
    expect(answerOf(questions[1]!).hidden).toBe(true);
    expect(answerOf(questions[3]!).hidden).toBe(false);

    // Space on the open one closes it: nothing is open.
    await userEvent.keyboard(' ');
    expect(expanded().every((state) => state === 'false')).toBe(true);
    expect(answerOf(questions[3]!).hidden).toBe(true);
  });

  it('opens sign-up and pricing in new tabs from the call to action', async () => {
    const screen = await renderStudio('/', authContext().context, {
      VITE_PRICING_URL: 'https://docs.example/pricing',
    });
    const cta = screen.getByRole('region', { name: 'Start converting on your own terms' });
    const trial = cta.getByRole('link', { name: /Start Free Trial/ });
    await expect.element(trial).toHaveAttribute('href', signUpUrl(defaultEnvironments.production));
    await expect.element(trial).toHaveAttribute('target', '_blank');
    await expect.element(trial).toHaveAttribute('rel', 'noopener noreferrer');
    const pricing = cta.getByRole('link', { name: /View Pricing/ });
    await expect.element(pricing).toHaveAttribute('target', '_blank');
    // The same page as the footer's Pricing link, wherever the install points it.
    const footerPricing = screen.getByRole('contentinfo').getByRole('link', { name: /^Pricing/ });
    await expect.element(pricing).toHaveAttribute('href', footerPricing.element().getAttribute('href')!);
    await expect.element(pricing).toHaveAttribute('href', 'https://docs.example/pricing');
  });

  it('offers no View Pricing where the install names no pricing page', async () => {
    const screen = await renderLanding();
    const cta = screen.getByRole('region', { name: 'Start converting on your own terms' });
    await expect.element(cta.getByRole('link', { name: /Start Free Trial/ })).toBeVisible();
    expect(cta.getByRole('link', { name: /View Pricing/ }).query()).toBeNull();
  });

  it('has no serious or critical axe violation, with an FAQ answer open', async () => {
    const screen = await renderLanding();
    await screen.getByRole('button', { name: 'Is docstudio HIPAA or SOC 2 certified?' }).click();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });
});
