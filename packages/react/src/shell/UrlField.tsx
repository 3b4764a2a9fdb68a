import { useId } from 'react';
import * as fieldStyles from '../primitives/OptionField/OptionField.css';
import * as styles from './ToolShell.css';
import { useToolActions, useToolContext, useToolState } from './tool.context';

/** Web to PDF's URL field; Enter submits the form, its errors show under it in red. */
export function UrlField() {
  const { scope, messages } = useToolContext();
  const url = useToolState((state) => state.url);
  const error = useToolState((state) => state.fieldErrors.Url);
  const busy = useToolState((state) => state.status === 'converting');
  const { setUrl } = useToolActions();
  const id = useId();
  return (
    <div className={styles.fields} data-scope={scope} data-part="url-field">
      <label className={fieldStyles.label} htmlFor={id}>
        {messages.urlLabel}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="url"
        className={fieldStyles.input}
        placeholder={messages.urlPlaceholder}
        value={url}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setUrl(event.target.value)}
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
