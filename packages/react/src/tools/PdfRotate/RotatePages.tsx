import type { ConversionClient } from '@docstudio/core';
import { PageGrid, secondaryButton, smallButton } from '../../primitives';
import { formatMessage } from '../../provider';
import { useToolActions, useToolContext, useToolState } from '../../shell';
import {
  type ChosenPagesGridProps,
  ChosenPdfPages,
  pagesInRange,
  organiserStyles as styles,
  togglePage,
} from '../organiser';

/** The key the page pictures keep in the store's `ui` when the user has left no page chosen. */
export const NO_PAGES = 'rotateNoPages';

/**
 * The chosen PDF's pages; the ones PageRange names are shown turned by RotatePage. A click puts a
 * page in or out of PageRange (the field shows it at once), so what is seen is what is sent.
 */
export function RotatePages({ client }: { client: ConversionClient }) {
  return <ChosenPdfPages client={client} Grid={RotateGrid} />;
}

function RotateGrid({ file, name, pageCount }: ChosenPagesGridProps) {
  const { messages, scope } = useToolContext();
  const range = useToolState((state) => String(state.values.PageRange ?? ''));
  const angle = useToolState((state) => Number(state.values.RotatePage ?? 0));
  const none = useToolState(
    (state) => state.ui[NO_PAGES] === 'true' && String(state.values.PageRange ?? '').trim() === '',
  );
  const busy = useToolState((state) => state.status === 'converting');
  const { setValue, setUi } = useToolActions();
  const chosen = none ? new Set<number>() : pagesInRange(range, pageCount);
  const label = formatMessage(messages.pagesOf, { name });

  // An empty PageRange means every page to the server, so an empty choice is also kept in `ui`.
  const write = (next: string) => {
    setUi(NO_PAGES, next === '' ? 'true' : 'false');
    setValue('PageRange', next);
  };

  return (
    <section className={styles.panel} aria-label={label} data-scope={scope} data-part="organiser">
      <p className={styles.hint}>{messages.rotatePagesHint}</p>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          disabled={busy}
          onClick={() => write('all')}
          data-scope={scope}
          data-part="select-all-pages"
        >
          {messages.selectAllPages}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          disabled={busy}
          onClick={() => write('')}
          data-scope={scope}
          data-part="clear-pages"
        >
          {messages.clearPages}
        </button>
      </div>
      <PageGrid
        file={file}
        pageCount={pageCount}
        label={label}
        scope={scope}
        disabled={busy}
        isPressed={(index) => chosen.has(index + 1)}
        rotationOf={(index) => (chosen.has(index + 1) ? angle : 0)}
        onToggle={(index) => write(togglePage(chosen, index + 1))}
        toggleLabel={(page) => formatMessage(messages.rotatePageToggle, { page })}
      />
      {none && (
        <p className={styles.hint} role="status" data-scope={scope} data-part="rotate-no-pages">
          {messages.rotateNoPages}
        </p>
      )}
    </section>
  );
}
