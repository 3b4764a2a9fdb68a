import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PdfPageImage } from '../PdfPages';
import * as styles from './PageGrid.css';

export interface PageGridProps {
  /** The PDF whose pages are shown. */
  file: Blob;
  pageCount: number;
  /** Accessible name of the page list ('Pages of report.pdf'). */
  label: string;
  /** Width of one thumbnail in CSS pixels. */
  thumbWidth?: number;
  /** Height of the scrolling area in CSS pixels. */
  height?: number;
  scope?: string;
  /** Visible caption under a page (1-based number in, text out); the page number by default. */
  caption?: (page: number) => string;
  /** Extra clockwise rotation a page is shown with (0-based index in, degrees out). */
  rotationOf?: (index: number) => number;
  /**
   * Pages become toggle buttons (aria-pressed) when given: click, Enter or Space toggles; Tab, the
   * arrow keys, Home and End move between pages (the arrows and Home/End also reach pages not drawn
   * yet: the grid scrolls to them).
   */
  onToggle?: (index: number) => void;
  isPressed?: (index: number) => boolean;
  /** Accessible name of a page's toggle ('Rotate page 2'). */
  toggleLabel?: (page: number) => string;
  /** A control drawn between page `index` and the next (split's boundaries); not after the last page. */
  renderAfter?: (index: number) => ReactNode;
  disabled?: boolean;
}

const A4_HEIGHT_PER_WIDTH = 297 / 210;
// No rows beyond the visible ones: pdf.js draws one page at a time, so a row drawn off screen (four
// pages at the usual width) would delay the first screen (bench/thumbnails.bench.ts).
const OVERSCAN_ROWS = 0;

function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(target.clientWidth);
    const observer = new ResizeObserver(() => setWidth(target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The pages of a PDF as thumbnails in rows, virtualised: only the rows in view exist in the DOM, so
 * a 300-page document keeps a screenful of canvases, not 300.
 */
export function PageGrid({
  file,
  pageCount,
  label,
  thumbWidth = 112,
  height = 420,
  scope = 'docstudio',
  caption = (page) => String(page),
  rotationOf,
  onToggle,
  isPressed,
  toggleLabel = (page) => `Page ${page}`,
  renderAfter,
  disabled = false,
}: PageGridProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const width = useWidth(viewport);
  const gap = 16;
  const cellWidth = thumbWidth + 12;
  const columns = Math.max(1, Math.floor((width - gap) / (cellWidth + gap)));
  const rows = Math.ceil(pageCount / columns);
  const thumbHeight = Math.round(thumbWidth * A4_HEIGHT_PER_WIDTH);
  const interactive = Boolean(onToggle);
  const [active, setActive] = useState(0);
  // The page a key press is moving focus to, until it is focused. A ref, not the render's `current`:
  // an effect still pending from an earlier render (a thumbnail or scroll update) can run after the
  // key press, and it must move focus to the new target, not settle on the old one.
  const focusTarget = useRef<number | null>(null);
  const current = Math.min(active, pageCount - 1);
  const keptRow = Math.floor((focusTarget.current ?? current) / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => viewport.current,
    estimateSize: () => thumbHeight + 48,
    overscan: OVERSCAN_ROWS,
    // While focus is in the grid (or a key press is moving it), the active page's row is drawn even
    // out of view: a far move (Home, End) draws its target in the same render, so focus moves there
    // before the old row is removed and never falls to the body, however late the scroll's render is.
    rangeExtractor: (range) => {
      const drawn = defaultRangeExtractor(range);
      const holdsFocus =
        focusTarget.current !== null || viewport.current?.contains(document.activeElement) === true;
      if (!interactive || !holdsFocus || keptRow >= rows || drawn.includes(keptRow)) return drawn;
      return [...drawn, keptRow].sort((a, b) => a - b);
    },
  });
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    const button = viewport.current?.querySelector<HTMLElement>(`[data-page-index="${target}"]`);
    if (!button) return;
    focusTarget.current = null;
    button.focus();
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(pageCount - 1, index));
    setActive(next);
    focusTarget.current = next;
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -columns,
      ArrowDown: columns,
    };
    if (event.key in steps) moveTo(current + (steps[event.key] ?? 0));
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(pageCount - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      style={{ height: Math.min(height, rows * (thumbHeight + 48) + gap) }}
      data-scope={scope}
      data-part="page-grid"
      data-columns={columns}
      // Without toggles the area itself takes focus, so keyboard users can scroll it.
      {...(interactive ? {} : { tabIndex: 0, role: 'group', 'aria-label': label })}
    >
      <ul
        aria-label={interactive ? label : undefined}
        className={styles.list}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {width > 0 &&
          virtualizer.getVirtualItems().flatMap((row) => {
            const first = row.index * columns;
            const count = Math.min(columns, pageCount - first);
            return Array.from({ length: count }, (_, column) => {
              const index = first + column;
              const page = index + 1;
              const picture = (
                <>
                  <span className={styles.picture} style={{ width: thumbWidth, height: thumbHeight }}>
                    <PdfPageImage
                      file={file}
                      pageIndex={index}
                      width={thumbWidth}
                      rotation={rotationOf?.(index) ?? 0}
                      label={interactive ? null : toggleLabel(page)}
                      scope={scope}
                    />
                  </span>
                  <span className={styles.label} aria-hidden={interactive || undefined}>
                    {caption(page)}
                  </span>
                </>
              );
              return (
                <li
                  key={index}
                  aria-setsize={pageCount}
                  aria-posinset={page}
                  className={styles.cell}
                  style={{
                    width: cellWidth,
                    transform: `translate(${gap + column * (cellWidth + gap)}px, ${row.start + gap}px)`,
                  }}
                  data-scope={scope}
                  data-part="page"
                  data-page={page}
                >
                  {interactive ? (
                    <button
                      type="button"
                      className={styles.page}
                      aria-pressed={isPressed?.(index) ?? false}
                      aria-label={toggleLabel(page)}
                      disabled={disabled}
                      data-page-index={index}
                      data-scope={scope}
                      data-part="page-toggle"
                      onClick={() => {
                        setActive(index);
                        onToggle?.(index);
                      }}
                      onFocus={() => setActive(index)}
                      onKeyDown={onKeyDown}
                    >
                      {picture}
                    </button>
                  ) : (
                    <div className={styles.page}>{picture}</div>
                  )}
                  {renderAfter && page < pageCount && (
                    <div className={styles.after}>{renderAfter(index)}</div>
                  )}
                </li>
              );
            });
          })}
      </ul>
    </div>
  );
}
