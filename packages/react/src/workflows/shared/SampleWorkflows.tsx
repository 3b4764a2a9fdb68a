import { getTool, SAMPLE_WORKFLOWS } from '@docstudio/core';
import { type HeadingLevel, secondaryButton, smallButton, subheadingLevel } from '../../primitives';
import { formatMessage } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import { SignInPrompt } from './SignInPrompt';
import * as styles from './workflow.css';

export interface SampleWorkflowsProps {
  texts: WorkflowTexts;
  headingLevel: HeadingLevel;
  onSignIn?: (() => void) | undefined;
  onHome?: (() => void) | undefined;
}

const scope = 'workflow-list';

/**
 * The visitor's list: the four example workflows in the real table's layout, blurred, inert and
 * hidden from assistive technology (it is decoration), under the 'Sign In to Access Workflows' card.
 */
export function SampleWorkflows({ texts, headingLevel, onSignIn, onHome }: SampleWorkflowsProps) {
  const count = formatMessage(texts.count, {
    shown: SAMPLE_WORKFLOWS.length,
    total: SAMPLE_WORKFLOWS.length,
  });
  return (
    <div className={styles.visitorFrame} data-scope={scope} data-part="visitor">
      <div
        className={`${shell.card} ${styles.blurred}`}
        aria-hidden="true"
        inert
        data-scope={scope}
        data-part="sample"
      >
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.headCell}>{texts.columnName}</th>
              <th className={styles.headCell}>{texts.columnTools}</th>
              <th className={styles.headCell}>{texts.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_WORKFLOWS.map((sample) => (
              <tr key={sample.name} data-part="sample-row">
                <td className={styles.cell} data-part="name">
                  {sample.name}
                </td>
                <td className={`${styles.cell} ${styles.chain}`} data-part="chain">
                  {sample.tools.map((id) => getTool(id).name).join(texts.chainSeparator)}
                </td>
                <td className={styles.cell}>
                  <div className={styles.rowActions}>
                    {[texts.run, texts.edit, texts.delete].map((label) => (
                      <span key={label} className={`${secondaryButton} ${smallButton}`}>
                        {label}
                      </span>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.footer}>{count}</p>
      </div>
      <div className={styles.overlay}>
        <SignInPrompt
          title={texts.signInToAccess}
          text={texts.signInToAccessText}
          texts={texts}
          scope={scope}
          headingLevel={subheadingLevel(headingLevel)}
          onSignIn={onSignIn}
          onHome={onHome}
        />
      </div>
    </div>
  );
}
