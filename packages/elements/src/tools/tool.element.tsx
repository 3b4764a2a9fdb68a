/**
 * A catalogue tool as a custom element `docstudio-<tool id>`. Besides the common attributes
 * (api-url, token, environment, theme) every option of the tool's page is an attribute in kebab case
 * that sets its starting value (`<docstudio-pdf-rotate rotate-page="180">`, `<docstudio-office-to-pdf
 * pdf-a>`). Password options are left out on purpose: an attribute is readable by every script and
 * visible in the page source. The theme is applied on the host by the element itself (host.theme.ts),
 * never passed to the tool, so the tool root carries no theme class.
 */
import type { ConversionFile, EnvironmentName, ToolId } from '@docstudio/core';
import { type FieldValue, type ToolProps, toHeadingLevel } from '@docstudio/react';
import { type ComponentType, useMemo } from 'react';
import {
  anonymousTokenSource,
  createDocstudioElement,
  defineDocstudioElement,
  type ElementAttributes,
  type ElementCallbacks,
  type ElementEventCallback,
  parseBooleanAttribute,
} from '../define';
import '../styles/element.styles';
import { optionAttributes } from './tool.attributes';
import { toolElementTag } from './tool.tag';

type ToolElementProps = ElementAttributes & ElementCallbacks & Record<string, unknown>;

/**
 * The `initialFiles` property as the page set it: the entries that name a stored file (what
 * `docstudio-complete` and `docstudio-continue` give), anything else left out.
 */
function storedFiles(value: unknown): ConversionFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (file): file is ConversionFile =>
      typeof file === 'object' &&
      file !== null &&
      typeof file.fileId === 'string' &&
      typeof file.fileName === 'string' &&
      typeof file.url === 'string',
  );
}

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
    continue: offerContinue,
    onContinue,
    initialFiles,
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
    const handedOver = storedFiles(initialFiles);
    const continueWith = (detail: { toolId: ToolId; files: ConversionFile[] }) =>
      (onContinue as ElementEventCallback)({ tool: detail.toolId, files: detail.files });
    return (
      <Tool
        // New handed-over files start the tool afresh: its input is chosen when it starts.
        key={handedOver.map((file) => file.fileId).join('\n')}
        apiUrl={base}
        token={tokenSource}
        environment={environmentName}
        defaultValues={defaultValues}
        headingLevel={toHeadingLevel(headingLevel, 2)}
        onComplete={onComplete}
        onError={onError}
        onChange={onChange}
        {...(handedOver.length > 0 ? { initialFiles: handedOver } : {})}
        {...(parseBooleanAttribute(offerContinue) ? { onContinue: continueWith } : {})}
      />
    );
  }

  return createDocstudioElement(ToolElement, {
    // heading-level: the rank of the tool's heading in the partner's outline (h2 by default).
    attributes: {
      headingLevel: 'number',
      // continue: offer 'Continue with another tool' under a result (docstudio-continue).
      continue: 'boolean',
      ...Object.fromEntries(attributes.map(({ prop, kind }) => [prop, kind])),
    },
    events: { onContinue: 'docstudio-continue' },
    // initialFiles: another tool's results to start with, sent by FileId (a property, not an attribute).
    properties: ['initialFiles'],
  });
}

/** Defines `docstudio-<tool id>` once (a second script with the same element is harmless). */
export function defineToolElement(toolId: ToolId, Tool: ComponentType<ToolProps>): void {
  defineDocstudioElement(toolElementTag(toolId), () => createToolElement(toolId, Tool));
}
