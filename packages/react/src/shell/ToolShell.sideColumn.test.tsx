/**
 * The side column of a tool (issue 15): a tool whose options are all workflow-only shows no empty
 * Options card, a tool with nothing beside the upload card takes one column, and a host's guide
 * (features, benefits, tips) fills it with a card per list.
 */

import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { PdfToJpg } from '../tools/PdfToJpg';

const layoutOf = (container: HTMLElement) =>
  container.querySelector('[data-part="upload-card"]')?.parentElement as HTMLElement;

describe('ToolShell side column', () => {
  it('shows no Options card and a single column when no option is shown on the page', async () => {
    await page.viewport(1280, 800);
    const screen = await render(<PdfToJpg apiUrl="/api" />);
    expect(screen.container.querySelector('[data-part="options"]')).toBeNull();
    const layout = layoutOf(screen.container);
    expect(layout.children).toHaveLength(1);
    const upload = layout.children[0]?.getBoundingClientRect();
    expect(upload?.width).toBeGreaterThan(layout.getBoundingClientRect().width - 2);
  });

  it("fills the side column with the guide's cards, skipping a list that is missing", async () => {
    await page.viewport(1280, 800);
    const screen = await render(
      <PdfToJpg apiUrl="/api" guide={{ features: ['One JPG per page'], tips: ['Split first'] }} />,
    );
    const layout = layoutOf(screen.container);
    expect(layout.children).toHaveLength(2);
    await expect
      .element(screen.getByRole('region', { name: 'Features' }))
      .toHaveTextContent('One JPG per page');
    await expect.element(screen.getByRole('region', { name: 'Tips' })).toHaveTextContent('Split first');
    expect(screen.getByRole('region', { name: 'Benefits' }).query()).toBeNull();
    // Two columns side by side on a wide screen.
    const [upload, side] = [...layout.children].map((child) => child.getBoundingClientRect());
    expect(side?.left).toBeGreaterThanOrEqual((upload?.right ?? 0) - 1);
  });
});
