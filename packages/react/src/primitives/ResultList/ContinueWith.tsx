import { useId, useState } from 'react';
import { secondaryButton } from '../Button';
import * as styles from './ResultList.css';

export interface ContinueTarget {
  id: string;
  label: string;
}

export interface ContinueWithLabels {
  /** 'Continue with another tool' (the group's name and the select's label). */
  heading: string;
  /** The button: 'Continue'. */
  action: string;
}

export interface ContinueWithProps {
  targets: readonly ContinueTarget[];
  labels: ContinueWithLabels;
  scope: string;
  onContinue: (targetId: string) => void;
}

/**
 * "Continue with another tool": a select of the tools that accept the result and a button. A select
 * (not a menu) so it works with the keyboard and screen readers as they already know it.
 */
export function ContinueWith({ targets, labels, scope, onContinue }: ContinueWithProps) {
  const selectId = useId();
  const [chosen, setChosen] = useState(targets[0]?.id ?? '');
  const target = targets.some((item) => item.id === chosen) ? chosen : (targets[0]?.id ?? '');
  if (targets.length === 0) return null;
  return (
    <div className={styles.continueRow} data-scope={scope} data-part="continue">
      <label htmlFor={selectId} className={styles.continueLabel}>
        {labels.heading}
      </label>
      <select
        id={selectId}
        className={styles.continueSelect}
        value={target}
        onChange={(event) => setChosen(event.target.value)}
        data-scope={scope}
        data-part="continue-tool"
      >
        {targets.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onContinue(target)}
        data-scope={scope}
        data-part="continue-button"
      >
        {labels.action}
      </button>
    </div>
  );
}
