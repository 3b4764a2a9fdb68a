/**
 * Turns a docstudio React component into a custom element with r2wc, adding what r2wc leaves out
 * (DESIGN.md, Conventions): kebab-case attributes for the common props, boolean attributes that are
 * present but empty, DOM events named `docstudio-<name>` that bubble and cross the shadow boundary
 * (r2wc's own events are lower-cased and not composed), and the built stylesheet adopted into the
 * shadow root.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { useLayoutEffect } from 'react';
import { adoptStyles } from './adopt.styles';
import { useHostProperties, withProperties } from './element.properties';

/** Props every docstudio element understands as attributes. */
export interface ElementAttributes {
  apiUrl?: string;
  token?: string;
  environment?: string;
  theme?: string;
}

/** The callbacks every docstudio component accepts; each becomes a `docstudio-*` DOM event. */
export interface ElementCallbacks {
  onComplete?: (detail: unknown) => void;
  onError?: (detail: unknown) => void;
  onChange?: (detail: unknown) => void;
}

const EVENT_NAMES = {
  onComplete: 'docstudio-complete',
  onError: 'docstudio-error',
  onChange: 'docstudio-change',
} as const;

export interface ElementOptions {
  /** Extra attributes: 'string' passes the text, 'boolean' treats a present attribute ('' too) as true. */
  attributes?: Record<string, 'string' | 'number' | 'boolean'>;
  /**
   * Extra callbacks, each dispatched as its DOM event (`{ onSaved: 'docstudio-saved' }`). These events
   * are cancelable: the callback returns false when a listener called `preventDefault()`, so the
   * component can leave out what it would do next (a workflow element's navigation).
   */
  events?: Record<string, `docstudio-${string}`>;
  /** Pass the host element to the component as its `host` prop (to set attributes on it, to observe it). */
  withHost?: boolean;
  /** Plain DOM properties passed as props of the same name, never reflected to attributes (element.properties.ts). */
  properties?: readonly string[];
}

/** What a callback of ElementOptions.events returns: false when the event was cancelled. */
export type ElementEventCallback = (detail?: unknown) => boolean;

type BridgeProps = ElementAttributes & Record<string, unknown> & { container?: ShadowRoot | HTMLElement };

const toKebabCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Reads an attribute value the way HTML does: present (even empty) means true, 'false' means false. */
export function parseBooleanAttribute(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  return String(value).toLowerCase() !== 'false';
}

export function createDocstudioElement<P extends ElementCallbacks & ElementAttributes>(
  Component: ComponentType<P>,
  options: ElementOptions = {},
): CustomElementConstructor {
  const extra = options.attributes ?? {};
  const extraEvents = options.events ?? {};

  // `theme` stays an observed attribute but is not passed on: the host carries it (r2wc reflects the
  // property to the attribute) and `:host([theme='dark'])` applies it, so a page rule on the element's
  // tag still wins over the theme's tokens (host.theme.ts). A themed React root inside the shadow tree
  // would declare the tokens out of the page's reach.
  function Bridge({ container, theme: _hostTheme, ...rest }: BridgeProps) {
    const root = container instanceof ShadowRoot ? container : undefined;
    useLayoutEffect(() => {
      if (root) adoptStyles(root);
    }, [root]);

    const host = root?.host ?? (container as HTMLElement | undefined);
    const properties = useHostProperties(host);
    const props: Record<string, unknown> = { ...rest, ...properties };
    for (const [name, kind] of Object.entries(extra)) {
      // r2wc drops empty attribute values, so a bare `<x pdfa>` is read from the host itself.
      if (kind === 'boolean')
        props[name] = parseBooleanAttribute(rest[name] ?? host?.getAttribute(toKebabCase(name)));
      if (kind === 'number' && rest[name] !== undefined) props[name] = Number(rest[name]);
    }
    for (const [callback, eventName] of Object.entries(EVENT_NAMES)) {
      props[callback] = (detail: unknown) =>
        host?.dispatchEvent(new CustomEvent(eventName, { detail, bubbles: true, composed: true }));
    }
    for (const [callback, eventName] of Object.entries(extraEvents)) {
      props[callback] = ((detail?: unknown) =>
        host?.dispatchEvent(
          new CustomEvent(eventName, { detail, bubbles: true, composed: true, cancelable: true }),
        ) ?? false) satisfies ElementEventCallback;
    }
    if (options.withHost) props.host = host;
    return <Component {...(props as P)} />;
  }

  // Booleans are read as strings so that an empty attribute (`<x pdfa>`) still arrives: r2wc skips ''.
  const attributeTypes: Record<string, 'string' | 'number'> = {
    apiUrl: 'string',
    token: 'string',
    environment: 'string',
    theme: 'string',
  };
  for (const [name, kind] of Object.entries(extra))
    attributeTypes[name] = kind === 'number' ? 'number' : 'string';

  return withProperties(r2wc(Bridge, { shadow: 'open', props: attributeTypes }), options.properties ?? []);
}

/**
 * Defines the element once; a second script defining the same tag is a no-op instead of an error.
 * Outside a browser (server rendering, plain Node) there is no registry and nothing is defined, so
 * importing an element's module never throws. The element class is asked for only when defined, since
 * r2wc's class extends HTMLElement, which only a browser has.
 */
export function defineDocstudioElement(
  tagName: string,
  element: CustomElementConstructor | (() => CustomElementConstructor),
): void {
  if (typeof customElements === 'undefined' || customElements.get(tagName)) return;
  customElements.define(tagName, isElementClass(element) ? element : element());
}

const isElementClass = (
  element: CustomElementConstructor | (() => CustomElementConstructor),
): element is CustomElementConstructor => element.prototype instanceof HTMLElement;
