import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useThemeScope } from '../../theme';
import { floatingSurface, helpButton } from '../floating/floating.css';
import { usePortalRoot } from '../floating/usePortalRoot';

export interface PopoverProps {
  /** Accessible name of the trigger button ('More about Page Range'). */
  triggerLabel: string;
  /** Visible content of the trigger; '?' by default. */
  trigger?: ReactNode;
  title?: string;
  children: ReactNode;
  scope?: string;
}

/** A click-to-open help popover for an option; Escape or an outside click closes it and focus returns. */
export function Popover({ triggerLabel, trigger = '?', title, children, scope = 'docstudio' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement | null>(null);
  const portalRoot = usePortalRoot(anchor);
  const theme = useThemeScope();
  const titleId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  return (
    <>
      <button
        type="button"
        className={helpButton}
        aria-label={triggerLabel}
        data-scope={scope}
        data-part="popover-trigger"
        data-state={open ? 'open' : 'closed'}
        ref={(node) => {
          anchor.current = node;
          refs.setReference(node);
        }}
        {...getReferenceProps()}
      >
        {trigger}
      </button>
      {open && portalRoot && (
        <FloatingPortal root={portalRoot}>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div
              ref={refs.setFloating}
              className={[theme.className, floatingSurface].filter(Boolean).join(' ')}
              role="dialog"
              style={{ ...theme.style, ...floatingStyles }}
              aria-labelledby={title ? titleId : undefined}
              aria-label={title ? undefined : triggerLabel}
              data-scope={scope}
              data-part="popover"
              {...getFloatingProps()}
            >
              {title && (
                <strong id={titleId} style={{ display: 'block', marginBottom: 4 }}>
                  {title}
                </strong>
              )}
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
