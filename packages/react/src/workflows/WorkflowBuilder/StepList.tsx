import { describeStepParameters, findToolByEndpoint, type WorkflowStep } from '@docstudio/core';
import { useId, useLayoutEffect, useRef } from 'react';
import { Heading, type HeadingLevel, secondaryButton, smallButton } from '../../primitives';
import { formatMessage } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface StepListProps {
  steps: readonly WorkflowStep[];
  texts: WorkflowTexts;
  headingLevel: HeadingLevel;
  disabled: boolean;
  onRemove: (index: number) => void;
}

const scope = 'workflow-builder';

/**
 * The ordered preview: each step's number, tool, category and parameters (a password only as 'set'),
 * with Remove. After a removal, focus moves to the Remove button now in that place (or the heading).
 */
export function StepList({ steps, texts, headingLevel, disabled, onRemove }: StepListProps) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);

  // In the commit (a layout effect): the removed button took focus with it, and a passive effect
  // would leave it on <body> until it ran, where a screen reader announces the page.
  useLayoutEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-part="remove-step"]') ?? [];
    const heading = sectionRef.current?.querySelector<HTMLElement>('[data-part="steps-heading"]');
    (buttons[Math.min(index, buttons.length - 1)] ?? heading)?.focus();
  });

  return (
    <section
      ref={sectionRef}
      className={shell.card}
      aria-labelledby={headingId}
      data-scope={scope}
      data-part="steps"
    >
      <Heading
        level={headingLevel}
        id={headingId}
        tabIndex={-1}
        className={shell.cardHeading}
        data-part="steps-heading"
      >
        {texts.stepsHeading}
      </Heading>
      {steps.length === 0 ? (
        <p className={styles.hint} data-scope={scope} data-part="no-steps">
          {texts.noSteps}
        </p>
      ) : (
        <ol className={styles.stepList} ref={listRef} aria-labelledby={headingId}>
          {steps.map((step, index) => {
            const n = index + 1;
            const category = findToolByEndpoint(step.endpoint)?.workflowCategory;
            const parameters = describeStepParameters(step);
            return (
              <li key={step.localId} className={styles.stepItem} data-scope={scope} data-part="step">
                <div className={styles.stepText}>
                  <span className={styles.stepOrder}>{formatMessage(texts.stepNumber, { n })}</span>
                  <span className={styles.stepName} data-scope={scope} data-part="step-tool">
                    {step.toolName}
                  </span>
                  {category && <span className={styles.hint}>{category}</span>}
                  {parameters.length > 0 && (
                    <dl className={styles.parameterList} data-part="step-parameters">
                      {parameters.map((parameter) => (
                        <div key={parameter.name} style={{ display: 'contents' }}>
                          <dt>{parameter.label}</dt>
                          <dd
                            className={styles.parameterValue}
                            data-secret={parameter.value === null || undefined}
                          >
                            {parameter.value ?? texts.secretSet}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </div>
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton}`}
                  aria-label={formatMessage(texts.removeStepNamed, { n, tool: step.toolName })}
                  disabled={disabled}
                  onClick={() => {
                    focusAfterRemoval.current = index;
                    onRemove(index);
                  }}
                  data-scope={scope}
                  data-part="remove-step"
                >
                  {texts.removeStep}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
