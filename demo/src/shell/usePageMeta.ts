import { useEffect } from 'react';

const SITE = 'docstudio';

/** Title and description of the current page (the shell sets them per route). */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
