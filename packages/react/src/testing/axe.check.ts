import axe from 'axe-core';

/** Runs axe-core on the rendered UI and returns the serious and critical violations, readable in a failure. */
export async function seriousViolations(context: Element | Document = document): Promise<string[]> {
  const results = await axe.run(context, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
