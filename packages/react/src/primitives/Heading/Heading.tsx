import type { HTMLAttributes } from 'react';

/** An HTML heading rank, h1 to h6. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The level a heading gets from a prop that may come from plain JavaScript or an attribute: whole
 * numbers 1 to 6 are kept, anything else falls back (an out-of-range h7 does not exist).
 */
export function toHeadingLevel(value: unknown, fallback: HeadingLevel): HeadingLevel {
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? (level as HeadingLevel) : fallback;
}

/** One rank below, for the headings inside a section (capped at h6). */
export function subheadingLevel(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level: HeadingLevel;
}

/** h1…h6 by number, so a component's headings can follow the outline of the page that hosts it. */
export function Heading({ level, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag {...rest} />;
}
