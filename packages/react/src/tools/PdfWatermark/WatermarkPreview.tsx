import type { ConversionClient, ConversionFile } from '@docstudio/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { type FieldValue, PageOverlay, usePdfDocument, usePreviewFile } from '../../primitives';
import { useToolContext } from '../../shell';
import * as styles from './WatermarkPreview.css';
import { type HorizontalAlignment, placeWatermark, type VerticalAlignment } from './watermark.geometry';

const PAGE_WIDTH = 280;
// Helvetica-Bold is the stamp's font; Arial and Liberation Sans share its metrics.
const FONT_FAMILY = 'Helvetica, Arial, "Liberation Sans", sans-serif';

let measuring: CanvasRenderingContext2D | null | undefined;

/** The text's advance width at `fontSize` points in the stamp's font, as the browser measures it. */
function textWidth(text: string, fontSize: number): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * fontSize * 0.6;
  measuring.font = `bold 100px ${FONT_FAMILY}`;
  return (measuring.measureText(text).width / 100) * fontSize;
}

const text = (value: FieldValue | undefined, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;
const number = (value: FieldValue | undefined, fallback: number): number => {
  const read = Number(value);
  return Number.isFinite(read) ? read : fallback;
};

/**
 * The watermark drawn over the first page as the server will stamp it (text, alignment, opacity, size,
 * rotation, colours, rendering mode), updated as the options change, before anything is sent.
 */
export function WatermarkPreview({ client }: { client: ConversionClient }) {
  const { scope, messages, store } = useToolContext();
  const entry = useStore(store, (state) => state.files[0]);
  const values = useStore(store, (state) => state.values);
  const download = useCallback(
    (stored: ConversionFile, signal: AbortSignal) => client.downloadFile(stored, { signal }),
    [client],
  );
  const picture = usePreviewFile(entry?.file, entry?.stored, download);
  const doc = usePdfDocument(picture);
  const [pageSize, setPageSize] = useState<{ width: number; height: number } | undefined>();
  const headingId = useId();

  useEffect(() => {
    setPageSize(undefined);
    if (doc.status !== 'ready') return;
    let current = true;
    doc.pdf.pageSize(0).then(
      (size) => current && setPageSize(size),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [doc]);

  if (!picture || !pageSize) return null;

  const label = text(values.Text, '');
  const fontSize = number(values.FontSize, 24);
  const mode = text(values.TextRenderingMode, 'filltext');
  const placement = placeWatermark({
    pageWidth: pageSize.width,
    pageHeight: pageSize.height,
    textWidth: textWidth(label, fontSize),
    fontSize,
    rotate: number(values.Rotate, 0),
    horizontal: text(values.HorizontalAlignment, 'center') as HorizontalAlignment,
    vertical: text(values.VerticalAlignment, 'center') as VerticalAlignment,
  });
  const fills = mode === 'filltext' || mode === 'fillstroke';
  const strokes = mode === 'stroketext' || mode === 'fillstroke';

  return (
    <section
      className={styles.root}
      aria-labelledby={headingId}
      data-scope={scope}
      data-part="watermark-preview"
    >
      <p id={headingId} className={styles.heading}>
        {messages.watermarkPreviewHeading}
      </p>
      <PageOverlay
        file={picture}
        pageIndex={0}
        width={PAGE_WIDTH}
        pageSize={pageSize}
        scope={scope}
        label={`${messages.watermarkPreviewLabel}: ${label}`}
      >
        {mode !== 'invisible' && label && (
          <g
            transform={`translate(${placement.centerX} ${placement.centerY}) rotate(${placement.svgRotation})`}
          >
            <text
              x={0}
              y={placement.baselineOffset}
              textAnchor="middle"
              fontFamily={FONT_FAMILY}
              fontWeight="bold"
              fontSize={fontSize}
              fill={fills ? text(values.FontColor, '#000000') : 'none'}
              stroke={strokes ? text(values.StrokeColor, '#000000') : 'none'}
              strokeWidth={Math.max(0.5, fontSize / 40)}
              opacity={number(values.Opacity, 30) / 100}
              data-scope={scope}
              data-part="watermark-text"
            >
              {label}
            </text>
          </g>
        )}
      </PageOverlay>
    </section>
  );
}
