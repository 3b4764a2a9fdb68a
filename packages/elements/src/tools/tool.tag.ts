/** A tool's custom element name: `docstudio-<tool id>` (`docstudio-pdf-rotate`). */
export function toolElementTag(toolId: string): `docstudio-${string}` {
  return `docstudio-${toolId}`;
}
