import { useEffect, useRef, useState } from 'react';
import { normaliseRotation } from './openPdf';
import * as styles from './PdfPageImage.css';
import { usePdfDocument } from './usePdfDocument';

export interface PdfPageImageProps {
  /** The PDF the user picked. */
  file: Blob;
  /** 0-based page index. */
  pageIndex: number;
  /** Width in CSS pixels. */
  width: number;
  /** Extra clockwise rotation in degrees, on top of the page's own. */
  rotation?: number;
  /** Accessible name; 'Page {n}' by default. Pass `null` for a decorative picture (named by its container). */
  label?: string | null;
  /** Text shown when the page cannot be drawn. */
  failedText?: string;
  scope?: string;
  className?: string;
}

type PictureState = 'loading' | 'ready' | 'failed';

// Until a page is drawn its frame has an A4 page's shape, so a grid does not jump.
const A4_ASPECT = 210 / 297;

/** A picture of one page of a PDF, drawn in the browser by pdf.js (loaded on first use). */
export function PdfPageImage({
  file,
  pageIndex,
  width,
  rotation = 0,
  label,
  failedText = 'Preview not available',
  scope = 'docstudio',
  className,
}: PdfPageImageProps) {
  const doc = usePdfDocument(file);
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PictureState>('loading');
  const turned = normaliseRotation(rotation);

  useEffect(() => {
    if (doc.status === 'failed') setState('failed');
    if (doc.status !== 'ready') return;
    const controller = new AbortController();
    let canvas: HTMLCanvasElement | undefined;
    setState('loading');
    doc.pdf
      .renderPage(pageIndex, { width, rotation: turned, signal: controller.signal })
      .then((drawn) => {
        canvas = drawn;
        canvas.className = styles.canvas;
        canvas.setAttribute('aria-hidden', 'true');
        frame.current?.replaceChildren(canvas);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => {
      controller.abort();
      if (canvas) {
        canvas.remove();
        // A zero-sized canvas gives its pixel memory back at once instead of at the next GC.
        canvas.width = 0;
        canvas.height = 0;
      }
    };
  }, [doc, pageIndex, width, turned]);

  const sideways = turned === 90 || turned === 270;
  const name = label === null ? undefined : (label ?? `Page ${pageIndex + 1}`);
  return (
    <div
      className={className ? `${styles.frame} ${className}` : styles.frame}
      data-scope={scope}
      data-part="page-image"
      data-state={state}
      data-rotation={turned}
      {...(name ? { role: 'img', 'aria-label': name } : {})}
      aria-busy={state === 'loading' || undefined}
      style={{ width, aspectRatio: state === 'ready' ? undefined : sideways ? 1 / A4_ASPECT : A4_ASPECT }}
    >
      {state === 'failed' ? (
        <span className={styles.failed}>{failedText}</span>
      ) : (
        <div ref={frame} className={styles.surface} />
      )}
    </div>
  );
}
