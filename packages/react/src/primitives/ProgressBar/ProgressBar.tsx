import * as styles from './ProgressBar.css';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  scope?: string;
  /** What the bar measures ('upload', 'conversion'), as `data-phase` for styles and tests. */
  phase?: string;
}

/** A determinate progress bar; the percentage is both visible and announced through aria-valuenow. */
export function ProgressBar({ value, label, scope = 'docstudio', phase }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.row} data-scope={scope} data-part="progress" data-phase={phase}>
      <div className={styles.label}>
        <span>{label}</span>
        <span data-part="progress-value">{percent}%</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-scope={scope}
        data-part="progress-bar"
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
