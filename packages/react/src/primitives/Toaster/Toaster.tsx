import { useEffect, useRef } from 'react';
import * as styles from './Toaster.css';

export type ToastVariant = 'success' | 'failure' | 'destructive';

export interface ToastMessage {
  id: string;
  variant: ToastVariant;
  title: string;
  message?: string;
}

export interface ToasterProps {
  toasts: readonly ToastMessage[];
  onDismiss: (id: string) => void;
  scope?: string;
  /** Milliseconds before a toast leaves on its own; 0 keeps it until dismissed. */
  duration?: number;
  label?: string;
  dismissLabel?: string;
}

function ToastItem({
  toast,
  onDismiss,
  duration,
  dismissLabel,
  scope,
}: {
  toast: ToastMessage;
  onDismiss: (id: string) => void;
  duration: number;
  dismissLabel: string;
  scope: string;
}) {
  // The latest callback, so a re-render of the list does not restart every toast's timer.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = setTimeout(() => dismiss.current(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration]);
  return (
    <div
      className={styles.toast}
      // Failures interrupt (alert); successes wait for a pause (status).
      role={toast.variant === 'success' ? 'status' : 'alert'}
      data-scope={scope}
      data-part="toast"
      data-variant={toast.variant}
    >
      <p className={styles.title} data-part="toast-title">
        {toast.title}
      </p>
      {toast.message && (
        <p className={styles.message} data-part="toast-message">
          {toast.message}
        </p>
      )}
      <button
        type="button"
        className={styles.close}
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
        data-part="toast-dismiss"
      >
        ×
      </button>
    </div>
  );
}

/** The notifications of one component: success, failure (validation) and destructive (conversion failed). */
export function Toaster({
  toasts,
  onDismiss,
  scope = 'docstudio',
  duration = 6000,
  label = 'Notifications',
  dismissLabel = 'Dismiss notification',
}: ToasterProps) {
  return (
    <section aria-label={label} data-scope={scope} data-part="toaster">
      <div className={styles.region} aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            onDismiss={onDismiss}
            duration={duration}
            dismissLabel={dismissLabel}
            scope={scope}
          />
        ))}
      </div>
    </section>
  );
}
