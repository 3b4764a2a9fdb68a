import type { OptionDefinition } from '@docstudio/core';
import { useId } from 'react';
import { Popover } from '../Popover';
import * as styles from './OptionField.css';

export type FieldValue = string | number | boolean | null | undefined;

export interface OptionFieldProps {
  /** The catalogue's definition (label, type, choices, range); labels may already carry overrides. */
  option: OptionDefinition;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** A message under the field in red (a server InvalidParameters entry, or a local check). */
  error?: string;
  disabled?: boolean;
  scope?: string;
  /** Accessible name of the help button ('More about Page Range'). */
  helpLabel?: string;
}

function asText(value: FieldValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

function asBoolean(value: FieldValue): boolean {
  return value === true || value === 'true';
}

/**
 * One option generated from its catalogue definition: select, checkbox, switch, colour, text,
 * password, number or slider, with its label, range, help popover and error message.
 */
export function OptionField({
  option,
  value,
  onChange,
  error,
  disabled = false,
  scope = 'docstudio',
  helpLabel,
}: OptionFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const current = value === undefined ? option.default : value;
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': option.required || undefined,
    'data-scope': scope,
    'data-part': 'option-input',
    'data-option': option.name,
  } as const;

  const labelNode = (
    <span className={styles.labelRow}>
      <span>
        <label className={styles.label} htmlFor={id} id={labelId}>
          {option.label}
        </label>
        {/* Outside the label, so the accessible name stays the catalogue's label; aria-required says it. */}
        {option.required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      {option.hint && (
        <Popover triggerLabel={helpLabel ?? `More about ${option.label}`} title={option.label} scope={scope}>
          {option.hint}
        </Popover>
      )}
    </span>
  );

  let control: React.ReactNode;
  switch (option.type) {
    case 'select':
      control = (
        <select
          className={styles.input}
          value={asText(current)}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        >
          {(option.options ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'checkbox':
      return (
        <div
          className={styles.field}
          data-scope={scope}
          data-part="option"
          data-option={option.name}
          data-invalid={error ? true : undefined}
        >
          <span className={styles.inlineRow}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={asBoolean(current)}
              onChange={(event) => onChange(event.target.checked)}
              {...common}
            />
            <label className={styles.label} htmlFor={id} id={labelId}>
              {option.label}
            </label>
            {option.hint && (
              <Popover
                triggerLabel={helpLabel ?? `More about ${option.label}`}
                title={option.label}
                scope={scope}
              >
                {option.hint}
              </Popover>
            )}
          </span>
          {error && (
            <p className={styles.error} id={errorId} data-part="field-error">
              {error}
            </p>
          )}
        </div>
      );
    case 'switch':
      control = (
        <button
          type="button"
          role="switch"
          className={styles.switchTrack}
          aria-checked={asBoolean(current)}
          aria-labelledby={labelId}
          onClick={() => onChange(!asBoolean(current))}
          {...common}
        >
          <span className={styles.switchThumb} />
        </button>
      );
      break;
    case 'color':
      control = (
        <span className={styles.colorRow}>
          <input
            type="color"
            className={styles.colorInput}
            value={asText(current) || '#000000'}
            onChange={(event) => onChange(event.target.value)}
            {...common}
          />
          <span className={styles.sliderValue} aria-hidden="true">
            {asText(current) || '#000000'}
          </span>
        </span>
      );
      break;
    case 'number':
      control = (
        <input
          type="number"
          inputMode="numeric"
          className={styles.input}
          value={asText(current)}
          min={option.min}
          max={option.max}
          step={option.step ?? 1}
          placeholder={option.placeholder}
          onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
          {...common}
        />
      );
      break;
    case 'slider': {
      const numeric = Number(asText(current) || option.min || 0);
      control = (
        <span className={styles.inlineRow}>
          <input
            type="range"
            className={styles.slider}
            value={numeric}
            min={option.min ?? 0}
            max={option.max ?? 100}
            step={option.step ?? 1}
            onChange={(event) => onChange(Number(event.target.value))}
            {...common}
          />
          <output className={styles.sliderValue} htmlFor={id} data-part="slider-value">
            {numeric}
          </output>
        </span>
      );
      break;
    }
    default:
      control = (
        <input
          type={option.type === 'password' ? 'password' : 'text'}
          autoComplete={option.type === 'password' ? 'new-password' : 'off'}
          className={styles.input}
          value={asText(current)}
          placeholder={option.placeholder}
          maxLength={option.maxLength}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
  }

  return (
    <div
      className={styles.field}
      data-scope={scope}
      data-part="option"
      data-option={option.name}
      data-invalid={error ? true : undefined}
    >
      {labelNode}
      {control}
      {error && (
        <p className={styles.error} id={errorId} data-part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
