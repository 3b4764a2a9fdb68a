/**
 * The phone menu's open state (WAI-ARIA disclosure pattern): the button toggles it, Escape closes it
 * and gives focus back to the button, and it closes when the page changes or a click lands outside.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export interface MenuDisclosure {
  open: boolean;
  toggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLElement | null>;
}

export function useMenuDisclosure(): MenuDisclosure {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLElement | null>(null);
  const { pathname } = useLocation();

  // A link in the menu was followed: the new page starts with the menu closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((current) => !current), []);
  return { open, toggle, buttonRef, panelRef };
}
