import { getTool, type OptionChoice } from '@docstudio/core';
import { useId } from 'react';
import type { FieldValue } from '../../primitives';
import * as fieldStyles from '../../primitives/OptionField/OptionField.css';
import { useStudio } from '../../provider';
import {
  ToolOptions,
  type ToolProps,
  ToolShell,
  useToolActions,
  useToolContext,
  useToolState,
} from '../../shell';
import { useOcrLanguages } from './useOcrLanguages';

function OcrOptions({ languages }: { languages: readonly OptionChoice[] }) {
  const { tool, scope, messages } = useToolContext();
  const choices = tool.endpointChoices ?? [];
  const output = useToolState((state) => state.ui.output ?? choices[0]?.value ?? '');
  const busy = useToolState((state) => state.status === 'converting');
  const { setUi } = useToolActions();
  const id = useId();
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <ToolOptions moreChoices={{ Language: languages }} />
      <div className={fieldStyles.field} data-scope={scope} data-part="option" data-option="output">
        <label className={fieldStyles.label} htmlFor={id}>
          {messages.outputFormatLabel}
        </label>
        <select
          id={id}
          className={fieldStyles.input}
          value={output}
          disabled={busy}
          onChange={(event) => setUi('output', event.target.value)}
          data-scope={scope}
          data-part="output-format"
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The output format picks the endpoint (catalogue endpointChoices); the format itself is not sent. */
function prepareOcr(values: Record<string, FieldValue>, ui: Record<string, string>) {
  const choices = getTool('pdf-ocr').endpointChoices ?? [];
  const choice = choices.find((entry) => entry.value === ui.output) ?? choices[0];
  return { values, ...(choice ? { endpoint: choice.endpoint } : {}) };
}

/**
 * OCR: language and output format; Searchable PDF posts to pdf/to/ocr, Text File to pdf/to/txt. The
 * languages are the spec's 27, then the other ones the server has installed.
 */
export function PdfOcr(props: ToolProps) {
  const languages = useOcrLanguages(useStudio(props).client);
  return (
    <ToolShell
      toolId="pdf-ocr"
      {...props}
      options={<OcrOptions languages={languages} />}
      prepare={prepareOcr}
    />
  );
}
