/**
 * 'Skip to main content', the first focusable element of every page: it moves focus (not only the
 * scroll position) to the page content, so the next Tab continues from there. The hash is not used,
 * so the address stays the page's own.
 */
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

function skip(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(MAIN_CONTENT_ID);
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView();
}

export function SkipLink() {
  return (
    <a className="studio-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
