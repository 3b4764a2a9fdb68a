/**
 * Plain DOM properties of an element that are not attributes: values such as a list of stored files
 * belong in script, not in the page source (r2wc reflects each of its props to an attribute). The
 * values live beside the element; its React tree reads them with `useHostProperties` and renders
 * again when one is set.
 */
import { useCallback, useSyncExternalStore } from 'react';

const values = new WeakMap<Element, Readonly<Record<string, unknown>>>();
// Not a docstudio-* event: internal, neither bubbling nor composed.
const SET = 'docstudio-internal-property-set';
const NONE: Readonly<Record<string, unknown>> = Object.freeze({});

type Properties = Record<string, unknown>;

/** `Base` with the plain properties `names` added (their value is kept per element). */
export function withProperties(
  Base: CustomElementConstructor,
  names: readonly string[],
): CustomElementConstructor {
  if (names.length === 0) return Base;
  class WithProperties extends Base {
    constructor(...args: unknown[]) {
      super(...args);
      // A value set before the element was defined is an own property that hides the setter: move it.
      for (const name of names) {
        if (!Object.hasOwn(this, name)) continue;
        const value = (this as unknown as Properties)[name];
        delete (this as unknown as Properties)[name];
        (this as unknown as Properties)[name] = value;
      }
    }
  }
  for (const name of names) {
    Object.defineProperty(WithProperties.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return values.get(this)?.[name];
      },
      set(this: HTMLElement, value: unknown) {
        values.set(this, { ...values.get(this), [name]: value });
        this.dispatchEvent(new Event(SET));
      },
    });
  }
  return WithProperties;
}

/** The plain properties set on `host` so far; a new object (and a render) each time one is set. */
export function useHostProperties(host: Element | undefined): Readonly<Record<string, unknown>> {
  const subscribe = useCallback(
    (changed: () => void) => {
      host?.addEventListener(SET, changed);
      return () => host?.removeEventListener(SET, changed);
    },
    [host],
  );
  const read = () => (host && values.get(host)) || NONE;
  return useSyncExternalStore(subscribe, read, read);
}
