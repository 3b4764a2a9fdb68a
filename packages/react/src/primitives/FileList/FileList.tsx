import { type KeyboardEvent, useId, useRef } from 'react';
import { secondaryButton, smallButton } from '../Button';
import { FileCard } from '../FileCard';
import { Heading, type HeadingLevel } from '../Heading';
import * as styles from './FileList.css';
import { useFocusAfterMove } from './useFocusAfterMove';

export interface FileListItem {
  id: string;
  name: string;
  size: number;
}

export interface FileListLabels {
  remove: string;
  removeFile: (name: string) => string;
  moveUp: string;
  moveDown: string;
  moveUpFile: (name: string) => string;
  moveDownFile: (name: string) => string;
  reorderHint: string;
}

const englishLabels: FileListLabels = {
  remove: 'Remove',
  removeFile: (name) => `Remove ${name}`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveUpFile: (name) => `Move up ${name}`,
  moveDownFile: (name) => `Move down ${name}`,
  reorderHint: 'Use Alt + Arrow Up or Alt + Arrow Down to reorder.',
};

export interface FileListProps {
  items: readonly FileListItem[];
  heading: string;
  /** The list heading's rank (3 by default: below a tool's h2). */
  headingLevel?: HeadingLevel;
  scope?: string;
  onRemove: (id: string) => void;
  /** When given, the list is reorderable (merge): Move up / Move down buttons and Alt+Arrow keys. */
  onMove?: (id: string, direction: -1 | 1) => void;
  disabled?: boolean;
  labels?: Partial<FileListLabels>;
  /** How sizes read (FileCard's default: MB with 2 decimals). */
  formatSize?: (bytes: number) => string;
}

/** The chosen files in a scrolling list; optionally reorderable by buttons and by keyboard. */
export function FileList({
  items,
  heading,
  headingLevel = 3,
  scope = 'docstudio',
  onRemove,
  onMove,
  disabled = false,
  labels: labelOverrides,
  formatSize,
}: FileListProps) {
  const labels = { ...englishLabels, ...labelOverrides };
  const headingId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterMove = useFocusAfterMove(listRef);

  const move = (id: string, direction: -1 | 1) => {
    if (!onMove) return;
    focusAfterMove(id, direction === -1 ? 'move-up' : 'move-down');
    onMove(id, direction);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: string, index: number) => {
    if (!onMove || disabled || !event.altKey) return;
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      move(id, -1);
    } else if (event.key === 'ArrowDown' && index < items.length - 1) {
      event.preventDefault();
      move(id, 1);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId} data-scope={scope} data-part="file-list">
      <Heading level={headingLevel} className={styles.heading} id={headingId}>
        {heading}
      </Heading>
      {onMove && (
        <p className={styles.hint} id={hintId}>
          {labels.reorderHint}
        </p>
      )}
      <ul className={styles.list} ref={listRef} aria-labelledby={headingId}>
        {items.map((item, index) => (
          <li
            key={item.id}
            data-file-id={item.id}
            data-part="file-item"
            data-scope={scope}
            onKeyDown={(event) => onRowKeyDown(event, item.id, index)}
            style={{ listStyle: 'none' }}
          >
            <FileCard
              name={item.name}
              size={item.size}
              {...(formatSize ? { formatSize } : {})}
              scope={scope}
              disabled={disabled}
              removeLabel={labels.remove}
              removeAccessibleLabel={labels.removeFile(item.name)}
              onRemove={() => onRemove(item.id)}
              leading={
                onMove ? (
                  <span className={styles.hint} aria-hidden="true">
                    {index + 1}.
                  </span>
                ) : undefined
              }
              actions={
                onMove ? (
                  <>
                    <button
                      type="button"
                      className={`${secondaryButton} ${smallButton}`}
                      onClick={() => move(item.id, -1)}
                      disabled={disabled || index === 0}
                      aria-label={labels.moveUpFile(item.name)}
                      aria-describedby={hintId}
                      data-scope={scope}
                      data-part="move-up"
                    >
                      {labels.moveUp}
                    </button>
                    <button
                      type="button"
                      className={`${secondaryButton} ${smallButton}`}
                      onClick={() => move(item.id, 1)}
                      disabled={disabled || index === items.length - 1}
                      aria-label={labels.moveDownFile(item.name)}
                      aria-describedby={hintId}
                      data-scope={scope}
                      data-part="move-down"
                    >
                      {labels.moveDown}
                    </button>
                  </>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
