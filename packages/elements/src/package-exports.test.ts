/**
 * The npm package's `exports` name one subpath per element (`@docstudio/elements/pdf-merge`), typed by
 * the tag typings, beside the files the npm build writes (vite.lib.config.ts: `dist/<id>.js`). They
 * are listed by hand in package.json, so a catalogue tool without its subpath fails here.
 */
import { tools } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import manifest from '../package.json';
import { WORKFLOW_ELEMENT_IDS } from './workflows/workflow.tag';

const exported = manifest.exports as Record<string, unknown>;

describe('package.json exports', () => {
  it.each([...tools.map((tool) => tool.id), ...WORKFLOW_ELEMENT_IDS].map((id) => [id]))(
    'has ./%s for its element module',
    (id) => {
      expect(exported[`./${id}`]).toEqual({ types: './dist/tags.d.ts', import: `./dist/${id}.js` });
    },
  );

  it('has the API, all, the manifest and the served scripts, and no element the catalogue lacks', () => {
    const ids = new Set<string>([...tools.map((tool) => tool.id), ...WORKFLOW_ELEMENT_IDS]);
    const others = Object.keys(exported).filter((path) => !ids.has(path.slice(2)));
    expect(others.sort()).toEqual(
      ['.', './all', './custom-elements.json', './package.json', './standalone/*', './tags'].sort(),
    );
  });
});
