import { SPLIT_MODES, type SplitMode } from '@docstudio/core';
import { useId } from 'react';
import type { FieldValue } from '../../primitives';
import { useStudio } from '../../provider';
import {
  type PreparedRequest,
  ToolOptions,
  type ToolProps,
  ToolShell,
  type ToolState,
  useToolActions,
  useToolContext,
  useToolState,
} from '../../shell';
import * as styles from './PdfSplit.css';
import { SplitPages } from './SplitPages';

type Mode = SplitMode['value'];
const DEFAULT_MODE: Mode = 'all';

const modeOf = (ui: Record<string, string>): Mode => (ui.splitMode as Mode | undefined) ?? DEFAULT_MODE;

function SplitOptions() {
  const { scope, messages } = useToolContext();
  const mode = useToolState((state) => modeOf(state.ui));
  const busy = useToolState((state) => state.status === 'converting');
  const { setUi } = useToolActions();
  const name = useId();
  const labels: Record<Mode, string> = {
    all: messages.splitModeAll,
    pages: messages.splitModePages,
    chunks: messages.splitModeChunks,
  };
  return (
    <div className={styles.panel}>
      <fieldset className={styles.modes} data-scope={scope} data-part="split-mode" data-state={mode}>
        <legend className={styles.legend}>{messages.splitModeLabel}</legend>
        {SPLIT_MODES.map((choice) => (
          <label key={choice.value} className={styles.mode}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={choice.value}
              checked={mode === choice.value}
              disabled={busy}
              onChange={() => setUi('splitMode', choice.value)}
              data-scope={scope}
              data-part="split-mode-option"
            />
            {labels[choice.value]}
          </label>
        ))}
      </fieldset>
      {mode === 'pages' && <ToolOptions only={['ExtractPages']} heading={null} />}
      {mode === 'chunks' && <ToolOptions only={['SplitByPattern']} heading={null} />}
    </div>
  );
}

function isBlank(value: FieldValue): boolean {
  return value === undefined || value === null || String(value).trim() === '';
}

/** The mode is never sent: it picks ExtractPages (pages) or SplitByPattern (chunks; all pages = 1). */
function prepareSplit(values: Record<string, FieldValue>, ui: Record<string, string>): PreparedRequest {
  const mode = modeOf(ui);
  if (mode === 'pages') return { values: { ...values, SplitByPattern: null } };
  if (mode === 'chunks') return { values: { ...values, ExtractPages: null } };
  return { values: { ...values, ExtractPages: null, SplitByPattern: 1 } };
}

/** In pages mode the range must be filled in before the button is enabled. */
function canSplit(state: ToolState): boolean {
  return modeOf(state.ui) !== 'pages' || !isBlank(state.values.ExtractPages);
}

/**
 * Split: all pages, specific pages or chunks; the pages as pictures to cut between or pick
 * (SplitPages); the result offers Download All.
 */
export function PdfSplit(props: ToolProps) {
  const { client } = useStudio(props);
  return (
    <ToolShell
      toolId="pdf-split"
      {...props}
      options={<SplitOptions />}
      afterInput={<SplitPages client={client} />}
      prepare={prepareSplit}
      canConvert={canSplit}
      showDownloadAll
    />
  );
}
