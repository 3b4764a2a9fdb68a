import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ConversionClient } from '@docstudio/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Heading, type MovePart, subheadingLevel, useFocusAfterMove } from '../../primitives';
import { formatMessage } from '../../provider';
import { useToolActions, useToolContext, useToolState } from '../../shell';
import { selectedName } from '../../shell/tool.store';
import * as styles from './MergeFiles.css';
import { MergeItem } from './MergeItem';

/**
 * Merge's chosen files, in the order they are merged (the request's Files[0], Files[1], …): drag a
 * file by its handle (mouse, touch, or keyboard: Space, arrows, Space, with spoken announcements),
 * or use Move up / Move down (and Alt + arrows), and open a file to see its pages.
 */
export function MergeFiles({ client }: { client: ConversionClient }) {
  const { messages, scope, headingLevel } = useToolContext();
  const files = useToolState((state) => state.files);
  const busy = useToolState((state) => state.status === 'converting');
  const { moveFile } = useToolActions();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterMove = useFocusAfterMove(listRef);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const moveBy = (id: string, steps: number) => {
    const direction = steps < 0 ? -1 : 1;
    for (let step = 0; step < Math.abs(steps); step++) moveFile(id, direction);
  };
  const move = (id: string, direction: -1 | 1, part: MovePart) => {
    focusAfterMove(id, part);
    moveBy(id, direction);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = files.findIndex((entry) => entry.id === active.id);
    const to = files.findIndex((entry) => entry.id === over.id);
    if (from >= 0 && to >= 0) moveBy(String(active.id), to - from);
  };
  const onRowKeyDown = (event: KeyboardEvent, id: string, index: number) => {
    if (busy || !event.altKey) return;
    if (event.key === 'ArrowUp' && index > 0) move(id, -1, 'move-up');
    else if (event.key === 'ArrowDown' && index < files.length - 1) move(id, 1, 'move-down');
    else return;
    event.preventDefault();
  };

  const nameOf = (id: string | number) => {
    const entry = files.find((file) => file.id === id);
    return entry ? selectedName(entry) : '';
  };
  const positionOf = (id: string | number) => files.findIndex((file) => file.id === id) + 1;
  const say = (template: string, id: string | number, position = positionOf(id)) =>
    formatMessage(template, { name: nameOf(id), position, count: files.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => say(messages.mergeDragStart, active.id),
    onDragOver: ({ active, over }) =>
      over ? say(messages.mergeDragOver, active.id, positionOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      say(messages.mergeDragEnd, active.id, over ? positionOf(over.id) : positionOf(active.id)),
    onDragCancel: ({ active }) => say(messages.mergeDragCancel, active.id),
  };

  return (
    <section className={styles.section} aria-labelledby={headingId} data-scope={scope} data-part="file-list">
      <Heading level={subheadingLevel(headingLevel)} className={styles.heading} id={headingId}>
        {formatMessage(messages.selectedFiles, { count: files.length })}
      </Heading>
      <p className={styles.hint}>{messages.reorderHint}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: messages.mergeDragInstructions },
        }}
      >
        <SortableContext items={files.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
          <ul className={styles.list} ref={listRef} aria-labelledby={headingId}>
            {files.map((entry, index) => (
              <MergeItem
                key={entry.id}
                entry={entry}
                client={client}
                index={index}
                count={files.length}
                disabled={busy}
                expanded={open.has(entry.id)}
                onExpandedChange={(expanded) =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (expanded) next.add(entry.id);
                    else next.delete(entry.id);
                    return next;
                  })
                }
                onMove={(direction, part) => move(entry.id, direction, part)}
                onKeyDown={(event) => onRowKeyDown(event, entry.id, index)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </section>
  );
}
