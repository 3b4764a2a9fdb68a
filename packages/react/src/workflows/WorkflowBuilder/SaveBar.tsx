import { primaryButton, secondaryButton } from '../../primitives';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface SaveBarProps {
  /** The validation messages of the last attempt, all of them, as an alert. */
  errors: readonly string[];
  texts: WorkflowTexts;
  editing: boolean;
  saving: boolean;
  disabled: boolean;
  onCancel: () => void;
}

const scope = 'workflow-builder';

/** The validation messages, then Cancel and Create Workflow / Update Workflow (the form's submit). */
export function SaveBar({ errors, texts, editing, saving, disabled, onCancel }: SaveBarProps) {
  const label = editing
    ? saving
      ? texts.updating
      : texts.updateAction
    : saving
      ? texts.creating
      : texts.createAction;
  return (
    <>
      {errors.length > 0 && (
        <div role="alert" data-scope={scope} data-part="validation-errors">
          <ul className={styles.errorList}>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={`${shell.actions} ${styles.formActions}`}>
        <button
          type="button"
          className={secondaryButton}
          onClick={onCancel}
          data-scope={scope}
          data-part="cancel"
        >
          {texts.cancel}
        </button>
        <button
          type="submit"
          className={primaryButton}
          disabled={disabled}
          aria-busy={saving || undefined}
          data-scope={scope}
          data-part="save"
        >
          {label}
        </button>
      </div>
    </>
  );
}
