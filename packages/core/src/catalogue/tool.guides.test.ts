/** Every tool page's side card has something to say: features or benefits, and a tip. */
import { describe, expect, it } from 'vitest';
import { tools } from './catalogue.tools';
import { toolGuides } from './tool.guides';

describe('tool guides', () => {
  it.each(tools.map((tool) => [tool.id]))('%s has features or benefits and at least one tip', (id) => {
    const guide = toolGuides[id as keyof typeof toolGuides];
    const points = [...(guide.features ?? []), ...(guide.benefits ?? [])];
    expect(points.length).toBeGreaterThan(0);
    expect(guide.tips.length).toBeGreaterThan(0);
    for (const text of [...points, ...guide.tips]) expect(text.trim()).not.toBe('');
  });

  it('has a guide for no tool that is not in the catalogue', () => {
    expect(Object.keys(toolGuides).sort()).toEqual(tools.map((tool) => tool.id).sort());
  });
});
