import type { OptionChoice, OptionDefinition } from '@docstudio/core';
import { Heading, OptionField, secondaryButton, smallButton, subheadingLevel } from '../primitives';
import { formatMessage } from '../provider';
import { visibleOptions, withMoreChoices } from './option.rules';
import * as styles from './ToolShell.css';
import { useToolActions, useToolContext, useToolState } from './tool.context';

export interface ToolOptionsProps {
  /** Only these options (by name), in this order. */
  only?: readonly string[];
  /** All options except these. */
  exclude?: readonly string[];
  /** null hides the heading. */
  heading?: string | null;
  /** Choices offered after a select's catalogue list, by option name (OCR: the server's other languages). */
  moreChoices?: Readonly<Record<string, readonly OptionChoice[]>>;
}

/** Quick-pick buttons beside a field (watermark texts CONFIDENTIAL, DRAFT...; sizes Small, Medium, Large). */
function Presets({ option }: { option: OptionDefinition }) {
  const { scope, messages } = useToolContext();
  const current = useToolState((state) => state.values[option.name]);
  const busy = useToolState((state) => state.status === 'converting');
  const { setValue } = useToolActions();
  if (!option.presets?.length) return null;
  return (
    <fieldset className={styles.presets} data-scope={scope} data-part="presets" data-option={option.name}>
      <legend className={styles.presetsLegend}>
        {formatMessage(messages.quickPicks, { label: option.label })}
      </legend>
      {option.presets.map((preset) => {
        const value = option.type === 'number' ? Number(preset.value) : preset.value;
        const pressed = String(current ?? '') === preset.value;
        return (
          <button
            key={preset.value}
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            aria-pressed={pressed}
            disabled={busy}
            data-scope={scope}
            data-part="preset"
            data-state={pressed ? 'on' : 'off'}
            onClick={() => setValue(option.name, value)}
          >
            {preset.label}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The catalogue's option fields of this tool, bound to the instance store, with errors under them. */
export function ToolOptions({ only, exclude, heading, moreChoices }: ToolOptionsProps) {
  const { options, scope, messages, headingLevel } = useToolContext();
  const values = useToolState((state) => state.values);
  const fieldErrors = useToolState((state) => state.fieldErrors);
  const busy = useToolState((state) => state.status === 'converting');
  const { setValue } = useToolActions();
  const visible = visibleOptions(options, values);
  const shown = only
    ? only
        .map((name) => visible.find((option) => option.name === name))
        .filter((option) => option !== undefined)
    : visible.filter((option) => !exclude?.includes(option.name));
  return (
    <div className={styles.fields} data-scope={scope} data-part="option-fields">
      {heading !== null && (
        <Heading level={subheadingLevel(headingLevel)} className={styles.cardHeading}>
          {heading ?? messages.optionsHeading}
        </Heading>
      )}
      {shown.map((option) => (
        <div key={option.name} className={styles.fields}>
          <OptionField
            option={withMoreChoices(option, moreChoices?.[option.name])}
            value={values[option.name]}
            onChange={(value) => setValue(option.name, value)}
            error={fieldErrors[option.name]}
            disabled={busy}
            scope={scope}
            helpLabel={formatMessage(messages.moreInfo, { label: option.label })}
          />
          <Presets option={option} />
        </div>
      ))}
    </div>
  );
}
