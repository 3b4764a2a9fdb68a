/**
 * `docstudio-change` for the workflow screens, as the tools send it (`detail.state`). The workflow
 * components keep their state on their root's `data-state` (loading, ready, running, complete, …)
 * rather than in a callback, so the element watches that attribute inside its shadow root and reports
 * each new value after the first.
 */
import { useEffect, useRef } from 'react';

export function useStateEvents(
  host: HTMLElement | undefined,
  scope: string,
  onChange: ((detail: { state: string }) => void) | undefined,
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const root = host?.shadowRoot;
    if (!root) return;
    const selector = `[data-scope="${scope}"][data-part="root"]`;
    const current = () => root.querySelector(selector)?.getAttribute('data-state') ?? null;
    let last = current();
    const observer = new MutationObserver(() => {
      const state = current();
      if (state === null || state === last) return;
      last = state;
      latest.current?.({ state });
    });
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    return () => observer.disconnect();
  }, [host, scope]);
}
