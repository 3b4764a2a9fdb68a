/**
 * A link that opens in a new tab (sign-up, pricing): `noopener noreferrer` so the opened page cannot
 * reach back into the studio, and a hidden '(opens in a new tab)' so screen-reader users know.
 */
import './content-pages.css';
import type { ReactNode } from 'react';

export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
