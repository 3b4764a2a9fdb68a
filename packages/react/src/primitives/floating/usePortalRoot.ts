import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Where floating parts are portalled: the nearest shadow root when the component lives inside a
 * custom element (its adopted styles only apply there), otherwise document.body.
 */
export function usePortalRoot(anchor: RefObject<Element | null>): HTMLElement | ShadowRoot | null {
  const [root, setRoot] = useState<HTMLElement | ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const node = anchor.current?.getRootNode();
    setRoot(node instanceof ShadowRoot ? node : document.body);
  }, [anchor]);
  return root;
}
