import { type RefObject, useLayoutEffect, useRef } from 'react';

export type MovePart = 'move-up' | 'move-down';

/**
 * Moving a row's DOM node drops its focus. Name the row and the button pressed before the move;
 * once it commits, focus goes back to that button of the moved row, or to its other move button
 * when that one is now disabled at the list's end.
 *
 * A layout effect, so focus moves in the same commit: with a passive effect it would sit on <body>
 * until the effect ran (a screen reader announces the page; a key pressed then goes nowhere).
 */
export function useFocusAfterMove(list: RefObject<HTMLElement | null>): (id: string, part: MovePart) => void {
  const pending = useRef<{ id: string; part: MovePart } | null>(null);
  useLayoutEffect(() => {
    const target = pending.current;
    if (!target || !list.current) return;
    pending.current = null;
    const row = list.current.querySelector(`[data-file-id="${CSS.escape(target.id)}"]`);
    const other: MovePart = target.part === 'move-up' ? 'move-down' : 'move-up';
    const button =
      row?.querySelector<HTMLElement>(`[data-part="${target.part}"]:not(:disabled)`) ??
      row?.querySelector<HTMLElement>(`[data-part="${other}"]:not(:disabled)`);
    button?.focus();
  });
  return (id, part) => {
    pending.current = { id, part };
  };
}
