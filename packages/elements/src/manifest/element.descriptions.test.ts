/**
 * The element descriptions (what custom-elements.json and the tag typings of the npm package say)
 * against the elements themselves: every defined element observes exactly the described attributes,
 * and every element is described.
 */
import { describe, expect, it } from 'vitest';
import '../all';
import { customElementsManifest } from './custom-elements.manifest';
import { elementDescriptions } from './element.descriptions';
import { tagTypings } from './tag.typings';

type ObservingElement = CustomElementConstructor & { observedAttributes: string[] };

describe('element descriptions', () => {
  it.each(elementDescriptions().map((element) => [element.tagName, element] as const))(
    '<%s> observes the described attributes',
    (tagName, element) => {
      const defined = customElements.get(tagName) as ObservingElement | undefined;
      expect(defined).toBeDefined();
      expect([...(defined?.observedAttributes ?? [])].sort()).toEqual(
        element.attributes.map((attribute) => attribute.name).sort(),
      );
    },
  );

  it('describes the 18 tools and the three workflow screens, each once', () => {
    const tags = elementDescriptions().map((element) => element.tagName);
    expect(new Set(tags).size).toBe(21);
    expect(tags).toContain('docstudio-pdf-merge');
    expect(tags).toContain('docstudio-workflow-runner');
  });

  it('writes a manifest declaring each element in its own module, with its events', () => {
    const manifest = customElementsManifest();
    expect(manifest.schemaVersion).toBe('2.1.0');
    const rotate = manifest.modules.find((module) => module.path === 'dist/pdf-rotate.js');
    expect(rotate?.exports?.[0]).toMatchObject({
      kind: 'custom-element-definition',
      name: 'docstudio-pdf-rotate',
    });
    const declaration = rotate?.declarations?.[0];
    expect(declaration).toMatchObject({ tagName: 'docstudio-pdf-rotate', customElement: true });
    const rotateAttribute =
      declaration && 'attributes' in declaration
        ? declaration.attributes?.find((attribute) => attribute.name === 'rotate-page')
        : undefined;
    expect(rotateAttribute?.type?.text).toBe("'90' | '180' | '270'");
    expect(
      declaration && 'events' in declaration ? declaration.events?.map((event) => event.name) : [],
    ).toEqual(['docstudio-complete', 'docstudio-error', 'docstudio-change', 'docstudio-continue']);
    expect(declaration && 'members' in declaration ? declaration.members : []).toEqual([
      expect.objectContaining({ kind: 'field', name: 'initialFiles', type: { text: 'ConversionFile[]' } }),
    ]);
  });

  it('types every tag for the DOM and for JSX', () => {
    const typings = tagTypings();
    for (const { tagName, interfaceName } of elementDescriptions()) {
      expect(typings).toContain(`'${tagName}': ${interfaceName};`);
      expect(typings).toContain(`'${tagName}': DocstudioJsxProps<'${tagName}'>;`);
    }
    expect(typings).toMatch(
      /interface DocstudioPdfMergeElement extends HTMLElement \{[^}]*initialFiles\?: ConversionFile\[\];/,
    );
    expect(typings).toMatch(/interface DocstudioWorkflowRunnerElement extends HTMLElement \{\}/);
  });
});
