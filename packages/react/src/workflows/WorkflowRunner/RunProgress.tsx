import type { RunSnapshot, StepStatus } from '@docstudio/core';
import { useId } from 'react';
import { Heading, type HeadingLevel, ProgressBar, subheadingLevel } from '../../primitives';
import { formatMessage } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface RunProgressProps {
  run: Pick<RunSnapshot, 'steps' | 'progress' | 'errors' | 'startedAt'>;
  /** Show when the run started (a run found again rather than started here). */
  showStart: boolean;
  texts: WorkflowTexts;
  headingLevel: HeadingLevel;
}

const scope = 'workflow-runner';

const statusText = (texts: WorkflowTexts, status: StepStatus): string =>
  ({
    pending: texts.statusPending,
    running: texts.statusRunning,
    completed: texts.statusCompleted,
    error: texts.statusError,
  })[status];

/** 'Workflow Progress': the overall percent, a badge per step and the error list. */
export function RunProgress({ run, showStart, texts, headingLevel }: RunProgressProps) {
  const headingId = useId();
  const errorsId = useId();
  const started = run.startedAt ? new Date(run.startedAt) : undefined;
  return (
    <section className={shell.card} aria-labelledby={headingId} data-scope={scope} data-part="progress-card">
      <Heading level={headingLevel} id={headingId} className={shell.cardHeading}>
        {texts.progressHeading}
      </Heading>
      {showStart && started && !Number.isNaN(started.getTime()) && (
        <p className={styles.hint} data-scope={scope} data-part="last-run">
          {formatMessage(texts.lastRun, { time: started.toLocaleString() })}
        </p>
      )}
      <ProgressBar value={run.progress} label={texts.overallProgress} scope={scope} />
      <ol className={styles.stepList}>
        {run.steps.map((step) => (
          <li
            key={step.index}
            className={styles.stepItem}
            data-scope={scope}
            data-part="run-step"
            data-status={step.status}
          >
            <span className={styles.stepText}>
              <span className={styles.stepOrder}>{formatMessage(texts.stepNumber, { n: step.order })}</span>
              <span className={styles.stepName}>{step.toolName}</span>
            </span>
            <span className={styles.badge[step.status]} data-part="step-status">
              {statusText(texts, step.status)}
            </span>
          </li>
        ))}
      </ol>
      {run.errors.length > 0 && (
        <div data-scope={scope} data-part="errors">
          <Heading level={subheadingLevel(headingLevel)} id={errorsId} className={shell.noticeTitle}>
            {texts.errorsHeading}
          </Heading>
          <ul className={styles.errorList} aria-labelledby={errorsId}>
            {run.errors.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows; a text may repeat
              <li key={index} data-part="error">
                {error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
