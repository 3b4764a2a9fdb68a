import { formatFileSize } from '@docstudio/core';
import type { ReactNode } from 'react';
import { secondaryButton, smallButton } from '../Button';
import * as styles from './FileCard.css';

export interface FileCardProps {
  name: string;
  size: number;
  scope?: string;
  /** Visible text of the remove button. */
  removeLabel?: string;
  /** Accessible name of the remove button ('Remove report.pdf'). */
  removeAccessibleLabel?: string;
  onRemove?: () => void;
  disabled?: boolean;
  /** Extra controls (move buttons) rendered before Remove. */
  actions?: ReactNode;
  leading?: ReactNode;
  /** Render as <li> inside a FileList. */
  as?: 'div' | 'li';
  /** How the size reads; KB below 1 MB, else MB with 2 decimals (the workflow run screen: 1 decimal). */
  formatSize?: (bytes: number) => string;
}

/** A chosen file: its name, its size (KB below 1 MB, else MB with 2 decimals) and a Remove button. */
export function FileCard({
  name,
  size,
  scope = 'docstudio',
  removeLabel = 'Remove',
  removeAccessibleLabel,
  onRemove,
  disabled = false,
  actions,
  leading,
  as: Element = 'div',
  formatSize = formatFileSize,
}: FileCardProps) {
  return (
    <Element
      className={styles.card}
      data-scope={scope}
      data-part="file-card"
      data-disabled={disabled || undefined}
    >
      {leading}
      <div className={styles.details}>
        <span className={styles.name} data-scope={scope} data-part="file-name" title={name}>
          {name}
        </span>
        <span className={styles.size} data-scope={scope} data-part="file-size">
          {formatSize(size)}
        </span>
      </div>
      <div className={styles.actions}>
        {actions}
        {onRemove && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            onClick={onRemove}
            disabled={disabled}
            aria-label={removeAccessibleLabel ?? `${removeLabel} ${name}`}
            data-scope={scope}
            data-part="remove"
          >
            {removeLabel}
          </button>
        )}
      </div>
    </Element>
  );
}
