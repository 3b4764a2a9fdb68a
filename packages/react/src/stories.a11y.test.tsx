/**
 * Every story of every primitive, tool and shell part, in the light and the dark theme: rendered with
 * the project's own Storybook annotations (the theme decorator), its play function run to reach its
 * state (which also asserts that state), then checked with axe-core for serious and critical
 * violations. A story that cannot reach its state, or has such a violation, fails here.
 */
import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import preview from '../../../.storybook/preview';
import { seriousViolations } from './testing/axe.check';

type StoryModule = Parameters<typeof composeStories>[0];

const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });
const themes = ['light', 'dark'] as const;

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
        it(`${name}: reaches its state with no serious or critical axe violation`, async () => {
          await story.run();
          expect(document.querySelector(`[data-theme="${theme}"]`), 'the theme decorator ran').not.toBeNull();
          // The whole document: dialogs, popovers and tooltips are portalled out of the canvas.
          expect(await seriousViolations(document)).toEqual([]);
        });
      }
    });
  }
}
