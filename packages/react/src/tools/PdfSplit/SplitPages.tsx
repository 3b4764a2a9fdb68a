import type { ConversionClient } from '@docstudio/core';
import { PageGrid } from '../../primitives';
import { formatMessage } from '../../provider';
import { useToolActions, useToolContext, useToolState } from '../../shell';
import {
  type ChosenPagesGridProps,
  ChosenPdfPages,
  readSplitChoice,
  organiserStyles as styles,
  toggleCut,
  togglePick,
} from '../organiser';

/**
 * The chosen PDF's pages with a scissors button between each two: a click on the scissors splits
 * there, a click on a page picks it for extraction. Both write ExtractPages (one group per file) and
 * switch to the 'Specific pages' mode, so the field shows exactly what is sent.
 */
export function SplitPages({ client }: { client: ConversionClient }) {
  return <ChosenPdfPages client={client} Grid={SplitGrid} />;
}

function SplitGrid({ file, name, pageCount }: ChosenPagesGridProps) {
  const { messages, scope } = useToolContext();
  const pagesMode = useToolState((state) => state.ui.splitMode === 'pages');
  const extract = useToolState((state) => String(state.values.ExtractPages ?? ''));
  const busy = useToolState((state) => state.status === 'converting');
  const { setValue, setUi } = useToolActions();
  const choice = pagesMode ? readSplitChoice(extract, pageCount) : ({ kind: 'none' } as const);
  const label = formatMessage(messages.pagesOf, { name });

  const write = (next: string) => {
    if (!pagesMode) setUi('splitMode', 'pages');
    setValue('ExtractPages', next);
  };
  const current = pagesMode ? extract : '';

  return (
    <section className={styles.panel} aria-label={label} data-scope={scope} data-part="organiser">
      <p className={styles.hint}>{messages.splitPagesHint}</p>
      <PageGrid
        file={file}
        pageCount={pageCount}
        label={label}
        scope={scope}
        disabled={busy}
        isPressed={(index) => choice.kind === 'picks' && choice.pages.has(index + 1)}
        onToggle={(index) => write(togglePick(current, pageCount, index + 1))}
        toggleLabel={(page) => formatMessage(messages.splitPickPage, { page })}
        renderAfter={(index) => (
          <button
            type="button"
            className={styles.cut}
            aria-pressed={choice.kind === 'cuts' && choice.after.has(index + 1)}
            aria-label={formatMessage(messages.splitAfterPage, { page: index + 1 })}
            title={formatMessage(messages.splitAfterPage, { page: index + 1 })}
            disabled={busy}
            onClick={() => write(toggleCut(current, pageCount, index + 1))}
            data-scope={scope}
            data-part="split-boundary"
          >
            <span aria-hidden="true">✂</span>
          </button>
        )}
      />
      {pagesMode && extract.trim() !== '' && (
        <p className={styles.status} role="status" data-scope={scope} data-part="split-parts">
          {formatMessage(messages.splitParts, { parts: extract })}
        </p>
      )}
    </section>
  );
}
