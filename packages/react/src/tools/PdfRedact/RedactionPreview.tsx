import type { ConversionClient, ConversionFile, RedactionPreview as Preview } from '@docstudio/core';
import { ConversionError, isAbortError } from '@docstudio/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { PageOverlay, secondaryButton, usePreviewFile } from '../../primitives';
import { formatMessage } from '../../provider';
import { useToolContext } from '../../shell';
import * as styles from './RedactionPreview.css';

/** Pages drawn at most: a long document's boxes are counted, its first pages with boxes shown. */
const MAX_PAGES_SHOWN = 8;
const PAGE_WIDTH = 300;

type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; preview: Preview }
  | { status: 'failed'; message: string };

function problemText(error: unknown): string {
  if (error instanceof ConversionError) {
    const first = Object.values(error.fieldErrors ?? {})[0];
    return (Array.isArray(first) ? first[0] : first) ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Redaction's dry run: the server finds what the chosen preset and words would redact and answers the
 * boxes (POST {apiUrl}/redact/preview), drawn here over the pages before the user commits. Any change
 * of file or option clears it, so what is shown is always what Redact would do.
 */
export function RedactionPreview({ client }: { client: ConversionClient }) {
  const { tool, scope, messages, store } = useToolContext();
  const entry = useStore(store, (state) => state.files[0]);
  const values = useStore(store, (state) => state.values);
  const busy = useStore(store, (state) => state.status === 'converting');
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const download = useCallback(
    (stored: ConversionFile, signal: AbortSignal) => client.downloadFile(stored, { signal }),
    [client],
  );
  const picture = usePreviewFile(entry?.file, entry?.stored, download);

  // A new file or option makes the shown boxes stale: they go, and a request still out is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: entry and values are the triggers
  useEffect(() => {
    running.current?.abort();
    setState({ status: 'idle' });
  }, [entry, values]);
  useEffect(() => () => running.current?.abort(), []);

  if (!entry) return null;

  const run = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'loading' });
    client
      .previewRedaction(tool, values, { files: [entry.stored ?? entry.file] }, { signal: controller.signal })
      .then(
        (preview) => !controller.signal.aborted && setState({ status: 'ready', preview }),
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          setState({ status: 'failed', message: problemText(error) });
          // A refused field gets its message next to it too, as a refused conversion's does.
          if (error instanceof ConversionError && error.hasFieldErrors) {
            const actions = store.getState();
            const messages: Record<string, string> = {};
            for (const [name, list] of Object.entries(error.fieldErrors))
              if (list[0]) messages[name] = list[0];
            actions.setFieldErrors({ ...actions.fieldErrors, ...messages });
          }
        },
      );
  };

  const color = typeof values.RedactionColor === 'string' ? values.RedactionColor : '#000000';
  const ready = state.status === 'ready' ? state.preview : undefined;
  const withBoxes = ready?.pages.filter((page) => page.boxes.length > 0) ?? [];
  const shown = withBoxes.slice(0, MAX_PAGES_SHOWN);

  return (
    <section
      className={styles.root}
      aria-label={messages.redactPreviewButton}
      data-scope={scope}
      data-part="redaction-preview"
    >
      <div>
        <button
          type="button"
          className={secondaryButton}
          onClick={run}
          disabled={busy || state.status === 'loading'}
          aria-busy={state.status === 'loading' || undefined}
          data-scope={scope}
          data-part="preview-redactions"
        >
          {state.status === 'loading' ? messages.redactPreviewBusy : messages.redactPreviewButton}
        </button>
      </div>
      <div aria-live="polite">
        {ready && (
          <p className={styles.summary} data-scope={scope} data-part="redaction-summary">
            {ready.boxes === 0
              ? messages.redactPreviewNone
              : formatMessage(messages.redactPreviewFound, {
                  count: ready.boxes,
                  pages: withBoxes.length,
                  total: ready.pages.length,
                })}
          </p>
        )}
        {state.status === 'failed' && (
          <p className={styles.error} role="alert" data-scope={scope} data-part="redaction-preview-error">
            {formatMessage(messages.redactPreviewFailed, { message: state.message })}
          </p>
        )}
      </div>
      {picture && shown.length > 0 && (
        <div className={styles.pages}>
          {shown.map((page) => (
            <figure key={page.page} className={styles.figure}>
              <PageOverlay
                file={picture}
                pageIndex={page.page - 1}
                width={PAGE_WIDTH}
                pageSize={page}
                scope={scope}
                label={formatMessage(messages.redactPreviewPage, {
                  page: page.page,
                  count: page.boxes.length,
                })}
              >
                {page.boxes.map((box, index) => (
                  <rect
                    // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no identity of their own
                    key={index}
                    x={box.x}
                    y={box.y}
                    width={box.width}
                    height={box.height}
                    fill={color}
                    fillOpacity={0.55}
                    stroke={color}
                    strokeWidth={1}
                    data-scope={scope}
                    data-part="redaction-box"
                    data-kind={box.kind}
                  />
                ))}
              </PageOverlay>
              <figcaption className={styles.caption}>
                {formatMessage(messages.redactPreviewPage, { page: page.page, count: page.boxes.length })}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
      {withBoxes.length > shown.length && (
        <p className={styles.summary}>
          {formatMessage(messages.redactPreviewMore, { count: withBoxes.length - shown.length })}
        </p>
      )}
    </section>
  );
}
