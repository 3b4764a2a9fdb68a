/**
 * A tool element's option attributes, read off the catalogue: every option its page shows, in kebab
 * case. Plain data (no React), so the element build can describe the elements (custom-elements.json,
 * the tag typings) from it while Vite loads its config.
 */
import { getTool, type OptionDefinition, type ToolId } from '@docstudio/core';

export type AttributeKind = 'string' | 'number' | 'boolean';

export interface OptionAttribute {
  option: OptionDefinition;
  /** The React prop r2wc fills from the kebab-case attribute ('RotatePage' -> rotatePage / rotate-page). */
  prop: string;
  kind: AttributeKind;
}

const attributeKind = (option: OptionDefinition): AttributeKind =>
  option.type === 'checkbox' || option.type === 'switch'
    ? 'boolean'
    : option.type === 'number' || option.type === 'slider'
      ? 'number'
      : 'string';

/** The options a page shows, as attributes (workflow-only options and passwords are not). */
export function optionAttributes(toolId: ToolId): OptionAttribute[] {
  return getTool(toolId)
    .options.filter((option) => !option.workflowOnly && option.type !== 'password')
    .map((option) => ({
      option,
      prop: option.name.charAt(0).toLowerCase() + option.name.slice(1),
      kind: attributeKind(option),
    }));
}

/** 'rotatePage' -> 'rotate-page': the attribute r2wc observes for a prop. */
export const attributeName = (prop: string): string =>
  prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
