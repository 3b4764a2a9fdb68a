import type { ReactNode } from 'react';
import { PdfPageImage } from '../PdfPages';
import * as styles from './PageOverlay.css';

export interface PageOverlayProps {
  /** The PDF the user picked. */
  file: Blob;
  /** 0-based page index. */
  pageIndex: number;
  /** Width in CSS pixels. */
  width: number;
  /** The page's size in points as the reader sees it: the overlay's drawing space (origin top-left). */
  pageSize: { width: number; height: number };
  /** Accessible name of the whole picture (page and what is drawn over it). */
  label: string;
  /** SVG shapes in page points, drawn over the page. */
  children: ReactNode;
  scope?: string;
  failedText?: string;
}

/**
 * One page of a PDF with SVG drawn over it in the page's own points: what a tool will do to the page
 * (a watermark, redaction boxes), shown before the user commits. The picture is pdf.js's (PdfPageImage).
 */
export function PageOverlay({
  file,
  pageIndex,
  width,
  pageSize,
  label,
  children,
  scope = 'docstudio',
  failedText,
}: PageOverlayProps) {
  return (
    <div
      className={styles.root}
      style={{ width }}
      role="img"
      aria-label={label}
      data-scope={scope}
      data-part="page-overlay"
    >
      <PdfPageImage
        file={file}
        pageIndex={pageIndex}
        width={width}
        label={null}
        scope={scope}
        {...(failedText ? { failedText } : {})}
      />
      <svg
        className={styles.overlay}
        viewBox={`0 0 ${pageSize.width} ${pageSize.height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        data-scope={scope}
        data-part="overlay"
      >
        {children}
      </svg>
    </div>
  );
}
