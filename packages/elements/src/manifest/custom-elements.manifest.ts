/**
 * custom-elements.json (the Custom Elements Manifest, schema 2.1.0) of the npm package, from the
 * element descriptions: one module per element (`dist/<id>.js`, what `@docstudio/elements/<id>`
 * loads), declaring its element with attributes and events. Editors and catalogues (Storybook, VS
 * Code's custom data, webcomponents.org) read it.
 */
import type { Package } from 'custom-elements-manifest/schema';
import { type ElementDescription, elementDescriptions } from './element.descriptions';

function elementModule(element: ElementDescription): Package['modules'][number] {
  const path = `dist/${element.id}.js`;
  return {
    kind: 'javascript-module',
    path,
    declarations: [
      {
        kind: 'class',
        customElement: true,
        name: element.interfaceName,
        tagName: element.tagName,
        summary: element.summary,
        superclass: { name: 'HTMLElement', package: 'global:' },
        members: element.properties.map(({ name, type, description }) => ({
          kind: 'field' as const,
          name,
          type: { text: type },
          description,
        })),
        attributes: element.attributes.map(({ name, type, description }) => ({
          name,
          type: { text: type },
          description,
        })),
        events: element.events.map(({ name, description }) => ({
          name,
          type: { text: `CustomEvent<DocstudioEventDetails['${name}']>` },
          description,
        })),
      },
    ],
    exports: [
      {
        kind: 'custom-element-definition',
        name: element.tagName,
        declaration: { name: element.interfaceName, module: path },
      },
    ],
  };
}

export function customElementsManifest(): Package {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: elementDescriptions().map(elementModule),
  };
}
