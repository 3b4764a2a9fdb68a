import { useCallback, useState } from 'react';
import type { ToastMessage, ToastVariant } from '../../primitives';

let toastCounter = 0;

/** The toasts of one workflow component: success (status), failure and destructive (alert). */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const push = useCallback((variant: ToastVariant, title: string, message?: string) => {
    const toast: ToastMessage = {
      id: `toast-${++toastCounter}`,
      variant,
      title,
      ...(message ? { message } : {}),
    };
    setToasts((current) => [...current, toast]);
  }, []);
  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  return { toasts, push, dismiss };
}
