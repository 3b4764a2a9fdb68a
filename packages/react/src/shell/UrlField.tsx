import * as styles from './ToolShell.css';
import { useToolActions, useToolContext, useToolState } from './tool.context';
import { UrlInput } from './UrlInput';

/** Web to PDF's URL field; Enter submits the form, its errors show under it in red. */
export function UrlField() {
  const { scope, messages } = useToolContext();
  const url = useToolState((state) => state.url);
  const error = useToolState((state) => state.fieldErrors.Url);
  const busy = useToolState((state) => state.status === 'converting');
  const { setUrl } = useToolActions();
  return (
    <UrlInput
      className={styles.fields}
      scope={scope}
      label={messages.urlLabel}
      placeholder={messages.urlPlaceholder}
      value={url}
      disabled={busy}
      error={error}
      onChange={setUrl}
    />
  );
}
