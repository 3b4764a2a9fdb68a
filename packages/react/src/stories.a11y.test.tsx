/**
 * Every story of every primitive, tool and shell part, in the light and the dark theme: rendered with
 * the project's own Storybook annotations (the theme decorator), its play function run to reach its
 * state (which also asserts that state; play functions drive the UI by keyboard), then checked: every
 * visible enabled control is in the tab order, and axe-core finds no serious or critical violation.
 */
import { composeStories } from '@storybook/react-vite';
import { beforeAll, describe, expect, it } from 'vitest';
import preview from './stories/preview';
import { seriousViolations } from './testing/axe.check';
import { warmUpPdfJs } from './testing/pdf.warmup';

/** Visible, enabled controls a keyboard user could not reach with Tab (tabindex below 0). */
function controlsOutOfTabOrder(): string[] {
  const controls = document.body.querySelectorAll<HTMLElement>(
    'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="slider"]',
  );
  return (
    [...controls]
      .filter((control) => control.checkVisibility())
      // react-dropzone's file input is a proxy kept out of the tab order: its drop zone (role=button,
      // Enter and Space open the file dialog) is the keyboard entry, and is checked like any control.
      .filter((control) => control.getAttribute('data-part') !== 'file-input')
      .filter((control) => !control.matches(':disabled') && control.getAttribute('aria-disabled') !== 'true')
      .filter((control) => control.tabIndex < 0)
      .map((control) => control.outerHTML.slice(0, 160))
  );
}

type StoryModule = Parameters<typeof composeStories>[0];

const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });
const themes = ['light', 'dark'] as const;

// Stories with page pictures load pdf.js; its first load in the dev server takes seconds, not a story's.
beforeAll(warmUpPdfJs, 60_000);

it('finds the story files', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

for (const [path, module] of Object.entries(modules)) {
  for (const theme of themes) {
    describe(`${path.replace(/^\.\//, '')} (${theme})`, () => {
      const stories: Record<string, { run: () => Promise<void> }> = composeStories(module, {
        ...preview,
        initialGlobals: { theme },
      });
      for (const [name, story] of Object.entries(stories)) {
        it(`${name}: reaches its state, keyboard-reachable, with no serious or critical axe violation`, async () => {
          await story.run();
          expect(document.querySelector(`[data-theme="${theme}"]`), 'the theme decorator ran').not.toBeNull();
          expect(controlsOutOfTabOrder()).toEqual([]);
          // The whole document: dialogs, popovers and tooltips are portalled out of the canvas.
          expect(await seriousViolations(document)).toEqual([]);
        });
      }
    });
  }
}
