import type { Workflow } from '@docstudio/core';
import { secondaryButton, smallButton } from '../../primitives';
import { formatMessage } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface WorkflowTableProps {
  workflows: readonly Workflow[];
  texts: WorkflowTexts;
  onRun: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (workflow: Workflow) => void;
}

const scope = 'workflow-list';

/** Name / Tools / Actions, one row per workflow, and the 'N of N' count under the table. */
export function WorkflowTable({ workflows, texts, onRun, onEdit, onDelete }: WorkflowTableProps) {
  const count = formatMessage(texts.count, { shown: workflows.length, total: workflows.length });
  return (
    <div className={shell.card} data-scope={scope} data-part="table-card">
      <div className={styles.tableWrap}>
        <table className={styles.table} data-scope={scope} data-part="table">
          <caption className={shell.visuallyHidden}>{texts.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.headCell}>
                {texts.columnName}
              </th>
              <th scope="col" className={styles.headCell}>
                {texts.columnTools}
              </th>
              <th scope="col" className={styles.headCell}>
                {texts.columnActions}
              </th>
            </tr>
          </thead>
          <tbody>
            {workflows.map((workflow) => (
              <tr key={workflow.id} data-scope={scope} data-part="row" data-workflow-id={workflow.id}>
                <th scope="row" className={styles.cell} data-scope={scope} data-part="name">
                  {workflow.name}
                </th>
                <td className={`${styles.cell} ${styles.chain}`} data-scope={scope} data-part="chain">
                  {workflow.steps.map((step) => step.toolName).join(texts.chainSeparator)}
                </td>
                <td className={styles.cell}>
                  <div className={styles.rowActions}>
                    <RowButton
                      label={texts.run}
                      name={formatMessage(texts.runNamed, { name: workflow.name })}
                      part="run"
                      onClick={() => onRun(workflow.id)}
                    />
                    <RowButton
                      label={texts.edit}
                      name={formatMessage(texts.editNamed, { name: workflow.name })}
                      part="edit"
                      onClick={() => onEdit(workflow.id)}
                    />
                    <RowButton
                      label={texts.delete}
                      name={formatMessage(texts.deleteNamed, { name: workflow.name })}
                      part="delete"
                      onClick={() => onDelete(workflow)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.footer} data-scope={scope} data-part="count">
        {count}
      </p>
    </div>
  );
}

function RowButton({
  label,
  name,
  part,
  onClick,
}: {
  label: string;
  name: string;
  part: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`${secondaryButton} ${smallButton}`}
      aria-label={name}
      onClick={onClick}
      data-scope={scope}
      data-part={part}
    >
      {label}
    </button>
  );
}
