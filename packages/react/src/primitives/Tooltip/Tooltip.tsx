import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { cloneElement, type ReactElement, type Ref, useId, useRef, useState } from 'react';
import { useThemeScope } from '../../theme';
import { tooltipSurface } from '../floating/floating.css';
import { usePortalRoot } from '../floating/usePortalRoot';

export interface TooltipProps {
  content: string;
  /** One focusable element; it gets the tooltip as its description. */
  children: ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;
  scope?: string;
}

/** A hover and focus tooltip, portalled into the nearest shadow root or body. */
export function Tooltip({ content, children, scope = 'docstudio' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLElement | null>(null);
  const portalRoot = usePortalRoot(anchor);
  const theme = useThemeScope();
  const id = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'top',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, delay: { open: 300, close: 0 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  const setReference = (node: HTMLElement | null) => {
    anchor.current = node;
    refs.setReference(node);
  };
  return (
    <>
      {cloneElement(children, { ...getReferenceProps(children.props), ref: setReference })}
      {open && portalRoot && (
        <FloatingPortal root={portalRoot}>
          <div
            ref={refs.setFloating}
            id={id}
            className={[theme.className, tooltipSurface].filter(Boolean).join(' ')}
            style={{ ...theme.style, ...floatingStyles }}
            data-scope={scope}
            data-part="tooltip"
            {...getFloatingProps()}
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
