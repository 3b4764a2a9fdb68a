import { useId } from 'react';
import * as fieldStyles from '../../primitives/OptionField/OptionField.css';
import type { WorkflowTexts } from '../../provider/workflow.texts';

export interface NameFieldProps {
  value: string;
  texts: WorkflowTexts;
  invalid: boolean;
  disabled: boolean;
  onChange: (name: string) => void;
}

/** 'Workflow Name' (required). */
export function NameField({ value, texts, invalid, disabled, onChange }: NameFieldProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field} data-scope="workflow-builder" data-part="name-field">
      <label className={fieldStyles.label} htmlFor={id}>
        {texts.nameLabel}
      </label>
      <input
        id={id}
        className={fieldStyles.input}
        value={value}
        placeholder={texts.namePlaceholder}
        aria-required="true"
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        data-scope="workflow-builder"
        data-part="name-input"
      />
    </div>
  );
}
