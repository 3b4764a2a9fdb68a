import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { loadFixture } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { PageGrid } from './PageGrid';

const LONG = 'GeoTopo-komprimiert.pdf'; // 117 pages

function shownPages(container: HTMLElement): number[] {
  return [...container.querySelectorAll<HTMLElement>('[data-part="page"]')].map((item) =>
    Number(item.dataset.page),
  );
}

/** The long document as toggles named 'Pick page N'. */
const pickPages = (file: Blob) => ({
  file,
  pageCount: 117,
  label: 'Pick pages',
  toggleLabel: (page: number) => `Pick page ${page}`,
});

beforeAll(warmUpPdfJs, 60_000);

describe('PageGrid', () => {
  it('keeps only the rows in view of a long document, and their canvases', async () => {
    const file = await loadFixture(LONG);
    const screen = await render(
      <div style={{ width: 600 }}>
        <PageGrid file={file} pageCount={117} label="Pages of GeoTopo" height={400} />
      </div>,
    );
    const grid = screen.getByRole('group', { name: 'Pages of GeoTopo' });
    await expect
      .element(screen.getByRole('img', { name: 'Page 1', exact: true }))
      .toHaveAttribute('data-state', 'ready');
    const first = shownPages(screen.container);
    expect(first[0]).toBe(1);
    expect(first.length).toBeLessThan(20);
    expect(first).not.toContain(117);

    const scroller = grid.element() as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    await expect
      .element(screen.getByRole('img', { name: 'Page 117', exact: true }))
      .toHaveAttribute('data-state', 'ready');
    const last = shownPages(screen.container);
    expect(last).not.toContain(1);
    expect(last.length).toBeLessThan(20);
    expect(screen.container.querySelectorAll('canvas').length).toBeLessThanOrEqual(last.length);
    // Every page has its number under it.
    expect(screen.container.querySelector('[data-page="117"]')?.textContent).toContain('117');
  });

  it('toggles pages by click and by keyboard; arrows and Home/End reach pages not drawn yet', async () => {
    const file = await loadFixture(LONG);
    const onToggle = vi.fn();
    function Toggles() {
      const [pressed, setPressed] = useState<number[]>([]);
      return (
        <div style={{ width: 600 }}>
          <PageGrid
            {...pickPages(file)}
            isPressed={(index) => pressed.includes(index)}
            rotationOf={(index) => (pressed.includes(index) ? 90 : 0)}
            onToggle={(index) => {
              onToggle(index);
              setPressed((list) =>
                list.includes(index) ? list.filter((i) => i !== index) : [...list, index],
              );
            }}
          />
        </div>
      );
    }
    const screen = await render(<Toggles />);
    await expect.element(screen.getByRole('list', { name: 'Pick pages' })).toBeVisible();
    await screen.getByRole('button', { name: 'Pick page 2', exact: true }).click();
    expect(onToggle).toHaveBeenLastCalledWith(1);
    await expect
      .element(screen.getByRole('button', { name: 'Pick page 2', exact: true }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect
      .element(screen.container.querySelector<HTMLElement>('[data-page="2"] [data-part="page-image"]'))
      .toHaveAttribute('data-rotation', '90');

    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('button', { name: 'Pick page 3', exact: true })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('button', { name: 'Pick page 117', exact: true })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith(116);
    await expect
      .element(screen.getByRole('button', { name: 'Pick page 117', exact: true }))
      .toHaveAttribute('aria-pressed', 'true');
    // Focus moves to page 1 before page 117's row is removed: it never falls to the body in between.
    const focusLost: string[] = [];
    const watcher = new MutationObserver(() => {
      if (document.activeElement === document.body) focusLost.push(shownPages(screen.container).join());
    });
    watcher.observe(screen.container, { childList: true, subtree: true });
    await userEvent.keyboard('{Home}');
    await expect.element(screen.getByRole('button', { name: 'Pick page 1', exact: true })).toHaveFocus();
    await expect.poll(() => shownPages(screen.container)).not.toContain(117);
    watcher.disconnect();
    expect(focusLost).toEqual([]);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Pick page 2', exact: true })).toHaveFocus();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it("moves focus to the page Home asks for when an earlier render's effects run after the key press", async () => {
    const file = await loadFixture(LONG);
    const screen = await render(
      <div style={{ width: 600 }}>
        <PageGrid {...pickPages(file)} onToggle={() => {}} />
      </div>,
    );
    await screen.getByRole('button', { name: 'Pick page 1', exact: true }).click();
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('button', { name: 'Pick page 117', exact: true })).toHaveFocus();
    // A width change re-renders the grid outside any event, so React runs that render's effects in a
    // later task. Pressing Home from the first DOM change (a microtask, before that task) makes React
    // run that render's effects after the key press has set its new target.
    const grid = screen.container.querySelector('[data-part="page-grid"]') as HTMLElement;
    const pressedBetween = new Promise<void>((resolve) => {
      const trigger = new MutationObserver(() => {
        trigger.disconnect();
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
        resolve();
      });
      trigger.observe(grid, { attributeFilter: ['data-columns'] });
    });
    (screen.container.firstElementChild as HTMLElement).style.width = '460px';
    await pressedBetween;
    await expect.element(screen.getByRole('button', { name: 'Pick page 1', exact: true })).toHaveFocus();
    await expect.poll(() => shownPages(screen.container)).not.toContain(117);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Pick page 1');
  });
});
