import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ConversionClient } from '@docstudio/core';
import { type KeyboardEvent, useId } from 'react';
import { FileCard, type MovePart, PageGrid, secondaryButton, smallButton } from '../../primitives';
import { formatMessage } from '../../provider';
import { useToolActions, useToolContext } from '../../shell';
import { type SelectedFile, selectedName, selectedSize } from '../../shell/tool.store';
import { PagesPanel, useChosenBytes } from '../organiser';
import * as styles from './MergeFiles.css';

export interface MergeItemProps {
  entry: SelectedFile;
  /** Downloads a handed-over file's bytes for its pages. */
  client: ConversionClient;
  index: number;
  count: number;
  disabled: boolean;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onMove: (direction: -1 | 1, part: MovePart) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** One file of merge's list: drag handle, position, name and size, Pages, Move up/down, Remove. */
export function MergeItem({
  entry,
  client,
  index,
  count,
  disabled,
  expanded,
  onExpandedChange,
  onMove,
  onKeyDown,
}: MergeItemProps) {
  const { messages, scope } = useToolContext();
  const { removeFile } = useToolActions();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.id,
      disabled,
    });
  const pagesId = useId();
  const name = selectedName(entry);
  // A handed-over result's bytes are downloaded when its pages are first opened, then kept.
  const file = useChosenBytes(expanded ? entry : undefined, client);
  const button = `${secondaryButton} ${smallButton}`;

  return (
    <li
      ref={setNodeRef}
      className={styles.item}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-file-id={entry.id}
      data-scope={scope}
      data-part="file-item"
      data-dragging={isDragging || undefined}
      onKeyDown={onKeyDown}
    >
      <FileCard
        name={name}
        size={selectedSize(entry)}
        scope={scope}
        disabled={disabled}
        removeLabel={messages.remove}
        removeAccessibleLabel={formatMessage(messages.removeFile, { name })}
        onRemove={() => removeFile(entry.id)}
        leading={
          <span className={styles.leading}>
            <button
              type="button"
              ref={setActivatorNodeRef}
              className={styles.handle}
              disabled={disabled}
              {...attributes}
              {...listeners}
              aria-label={formatMessage(messages.mergeDragHandle, { name })}
              data-scope={scope}
              data-part="drag-handle"
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <span className={styles.position} aria-hidden="true">
              {index + 1}.
            </span>
          </span>
        }
        actions={
          <>
            <button
              type="button"
              className={button}
              aria-expanded={expanded}
              aria-controls={expanded ? pagesId : undefined}
              aria-label={formatMessage(messages.mergeShowPagesOf, { name })}
              onClick={() => onExpandedChange(!expanded)}
              data-scope={scope}
              data-part="show-pages"
            >
              {messages.mergeShowPages}
            </button>
            <button
              type="button"
              className={button}
              onClick={() => onMove(-1, 'move-up')}
              disabled={disabled || index === 0}
              aria-label={formatMessage(messages.moveUpFile, { name })}
              data-scope={scope}
              data-part="move-up"
            >
              {messages.moveUp}
            </button>
            <button
              type="button"
              className={button}
              onClick={() => onMove(1, 'move-down')}
              disabled={disabled || index === count - 1}
              aria-label={formatMessage(messages.moveDownFile, { name })}
              data-scope={scope}
              data-part="move-down"
            >
              {messages.moveDown}
            </button>
          </>
        }
      />
      {expanded && (
        <div id={pagesId} data-scope={scope} data-part="file-pages">
          <PagesPanel file={file}>
            {(pageCount) =>
              file && (
                <PageGrid
                  file={file}
                  pageCount={pageCount}
                  label={formatMessage(messages.pagesOf, { name })}
                  scope={scope}
                  thumbWidth={88}
                  height={280}
                />
              )
            }
          </PagesPanel>
        </div>
      )}
    </li>
  );
}
