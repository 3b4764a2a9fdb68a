/**
 * A catalogue tool as a custom element `docstudio-<tool id>`. Besides the common attributes
 * (api-url, token, environment, theme) every option of the tool's page is an attribute in kebab case
 * that sets its starting value (`<docstudio-pdf-rotate rotate-page="180">`, `<docstudio-office-to-pdf
 * pdf-a>`). Password options are left out on purpose: an attribute is readable by every script and
 * visible in the page source. The theme is applied on the host by the element itself (host.theme.ts),
 * never passed to the tool, so the tool root carries no theme class.
 */
import type { EnvironmentName, ToolId } from '@docstudio/core';
import { type FieldValue, type ToolProps, toHeadingLevel } from '@docstudio/react';
import { type ComponentType, useMemo } from 'react';
import {
  anonymousTokenSource,
  createDocstudioElement,
  defineDocstudioElement,
  type ElementAttributes,
  type ElementCallbacks,
} from '../define';
import '../styles/element.styles';
import { optionAttributes } from './tool.attributes';
import { toolElementTag } from './tool.tag';

type ToolElementProps = ElementAttributes & ElementCallbacks & Record<string, unknown>;

export function createToolElement(toolId: ToolId, Tool: ComponentType<ToolProps>): CustomElementConstructor {
  const attributes = optionAttributes(toolId);

  function ToolElement({
    apiUrl,
    token,
    environment,
    onComplete,
    onError,
    onChange,
    headingLevel,
    ...rest
  }: ToolElementProps) {
    const defaultValues: Record<string, FieldValue> = {};
    for (const { option, prop } of attributes) {
      const value = rest[prop];
      if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isNaN(value)))
        defaultValues[option.name] = value as FieldValue;
    }
    const base = apiUrl || '/api';
    const environmentName: EnvironmentName = environment === 'staging' ? 'staging' : 'production';
    // Without a token attribute: the user signed in on this origin, else an anonymous token.
    const tokenSource = useMemo(
      () => (token ? token : anonymousTokenSource(base, environmentName)),
      [token, base, environmentName],
    );
    return (
      <Tool
        apiUrl={base}
        token={tokenSource}
        environment={environmentName}
        defaultValues={defaultValues}
        headingLevel={toHeadingLevel(headingLevel, 2)}
        onComplete={onComplete}
        onError={onError}
        onChange={onChange}
      />
    );
  }

  return createDocstudioElement(ToolElement, {
    // heading-level: the rank of the tool's heading in the partner's outline (h2 by default).
    attributes: {
      headingLevel: 'number',
      ...Object.fromEntries(attributes.map(({ prop, kind }) => [prop, kind])),
    },
  });
}

/** Defines `docstudio-<tool id>` once (a second script with the same element is harmless). */
export function defineToolElement(toolId: ToolId, Tool: ComponentType<ToolProps>): void {
  defineDocstudioElement(toolElementTag(toolId), () => createToolElement(toolId, Tool));
}
