import { useId } from 'react';
import { Heading, type HeadingLevel, secondaryButton, smallButton } from '../../primitives';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface WorkflowJsonProps {
  json: string;
  texts: WorkflowTexts;
  headingLevel: HeadingLevel;
  onCopied: (ok: boolean) => void;
}

const scope = 'workflow-builder';

/** The workflow as JSON (secrets as `{ "Set": true }`), scrollable by keyboard, with Copy. */
export function WorkflowJson({ json, texts, headingLevel, onCopied }: WorkflowJsonProps) {
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      onCopied(true);
    } catch {
      onCopied(false);
    }
  };
  return (
    <section className={shell.card} aria-labelledby={headingId} data-scope={scope} data-part="json-view">
      <div className={styles.headerRow}>
        <Heading level={headingLevel} id={headingId} className={shell.cardHeading}>
          {texts.jsonHeading}
        </Heading>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          aria-label={texts.copyJsonLabel}
          onClick={() => void copy()}
          data-scope={scope}
          data-part="copy-json"
        >
          {texts.copy}
        </button>
      </div>
      {/* A read-only text area: focusable and scrollable by keyboard, selectable, labelled by the heading. */}
      <textarea
        className={styles.json}
        readOnly
        value={json}
        rows={14}
        spellCheck={false}
        aria-labelledby={headingId}
        data-scope={scope}
        data-part="json"
      />
    </section>
  );
}
