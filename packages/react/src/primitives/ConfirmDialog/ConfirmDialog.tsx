import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId, useRef } from 'react';
import { useThemeScope } from '../../theme';
import { dangerButton, primaryButton, secondaryButton } from '../Button';
import { usePortalRoot } from '../floating/usePortalRoot';
import * as styles from './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (redaction, deletion). */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  scope?: string;
}

/**
 * A modal confirmation: focus is trapped inside, Escape or the overlay cancels, and focus returns
 * to the element that opened it. Cancel gets the first focus so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
  scope = 'docstudio',
}: ConfirmDialogProps) {
  const anchor = useRef<HTMLSpanElement | null>(null);
  const portalRoot = usePortalRoot(anchor);
  const theme = useThemeScope();
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement | null>(null);
  const { refs, context } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) onCancel();
    },
  });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'alertdialog' }),
  ]);
  return (
    <>
      <span ref={anchor} hidden />
      {open && portalRoot && (
        <FloatingPortal root={portalRoot}>
          <FloatingOverlay
            lockScroll
            className={[theme.className, styles.overlay].filter(Boolean).join(' ')}
            style={theme.style}
          >
            <FloatingFocusManager context={context} modal initialFocus={cancelRef} returnFocus>
              <div
                ref={refs.setFloating}
                className={styles.dialog}
                role="alertdialog"
                aria-modal="true"
                aria-labelledby={titleId}
                aria-describedby={descriptionId}
                data-scope={scope}
                data-part="confirm-dialog"
                data-state="open"
                {...getFloatingProps()}
              >
                <h2 id={titleId} className={styles.title}>
                  {title}
                </h2>
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    ref={cancelRef}
                    className={secondaryButton}
                    onClick={onCancel}
                    data-scope={scope}
                    data-part="cancel"
                  >
                    {cancelLabel}
                  </button>
                  <button
                    type="button"
                    className={destructive ? dangerButton : primaryButton}
                    onClick={onConfirm}
                    data-scope={scope}
                    data-part="confirm"
                  >
                    {confirmLabel}
                  </button>
                </div>
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </>
  );
}
