import { useId } from 'react';
import * as fieldStyles from '../primitives/OptionField/OptionField.css';

export interface UrlInputProps {
  /** The wrapper's class: the tool shell's field row or a workflow's field. */
  className: string;
  scope: string;
  label: string;
  placeholder: string;
  value: string;
  disabled: boolean;
  /** Shown under the field in red and tied to it with aria-describedby. */
  error?: string | undefined;
  onChange: (url: string) => void;
}

/** A website address field (Web to PDF's, and a workflow run's whose first step is Web to PDF). */
export function UrlInput({
  className,
  scope,
  label,
  placeholder,
  value,
  disabled,
  error,
  onChange,
}: UrlInputProps) {
  const id = useId();
  return (
    <div className={className} data-scope={scope} data-part="url-field">
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="url"
        className={fieldStyles.input}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-scope={scope}
        data-part="url-input"
      />
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error} data-part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
