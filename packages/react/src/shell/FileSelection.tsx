import { checkFiles, rejectionToast } from '@docstudio/core';
import type { ReactNode } from 'react';
import { DropZone, FileCard, FileList, subheadingLevel } from '../primitives';
import { formatMessage } from '../provider';
import { useToolActions, useToolContext, useToolState } from './tool.context';
import { selectedName, selectedSize } from './tool.store';

export interface FileSelectionProps {
  fileListHeading?: string | undefined;
  reorderable?: boolean | undefined;
  /** Replaces the list of chosen files of a multi-file tool (merge's organiser). */
  list?: ReactNode;
}

/** The drop zone plus the chosen file (single-file tools) or the list of chosen files (multi-file tools). */
export function FileSelection({ fileListHeading, reorderable, list }: FileSelectionProps) {
  const { tool, scope, messages, headingLevel } = useToolContext();
  const files = useToolState((state) => state.files);
  const busy = useToolState((state) => state.status === 'converting');
  const actions = useToolActions();
  const single = tool.accept.maxFiles === 1;
  const noun = tool.texts.dropNoun;

  const onFiles = (dropped: File[]) => {
    const { accepted, rejections } = checkFiles(dropped, tool.accept, single ? 0 : files.length);
    // One toast per distinct reason: ten wrong files make one 'Invalid file format', not ten.
    const shown = new Set<string>();
    for (const rejection of rejections) {
      const toast = rejectionToast(tool.accept, rejection.errors);
      const key = `${toast.title}\n${toast.message}`;
      if (shown.has(key)) continue;
      shown.add(key);
      actions.pushToast('failure', toast.title, toast.message);
    }
    if (accepted.length > 0) actions.addFiles(accepted, single ? 'replace' : 'append');
  };

  const acceptAttribute = [
    ...tool.accept.extensions.map((extension) => `.${extension}`),
    ...tool.accept.mimeTypes,
  ].join(',');

  return (
    <>
      <DropZone
        scope={scope}
        multiple={!single}
        disabled={busy}
        acceptAttribute={acceptAttribute}
        hint={tool.accept.extensions.map((extension) => extension.toUpperCase()).join(', ')}
        labels={{
          idle: formatMessage(messages.dropzoneIdle, { noun }),
          browse: messages.dropzoneBrowse,
          active: formatMessage(messages.dropzoneActive, { noun }),
          label: formatMessage(messages.dropzoneLabel, { noun }),
        }}
        onFiles={onFiles}
      />
      {single && files[0] && (
        <FileCard
          name={selectedName(files[0])}
          size={selectedSize(files[0])}
          scope={scope}
          disabled={busy}
          removeLabel={messages.remove}
          removeAccessibleLabel={formatMessage(messages.removeFile, { name: selectedName(files[0]) })}
          onRemove={() => actions.removeFile(files[0]!.id)}
        />
      )}
      {!single && files.length > 0 && list}
      {!single && files.length > 0 && !list && (
        <FileList
          scope={scope}
          headingLevel={subheadingLevel(headingLevel)}
          heading={formatMessage(fileListHeading ?? messages.selectedFiles, { count: files.length })}
          items={files.map((entry) => ({
            id: entry.id,
            name: selectedName(entry),
            size: selectedSize(entry),
          }))}
          onRemove={actions.removeFile}
          disabled={busy}
          {...(reorderable ? { onMove: actions.moveFile } : {})}
          labels={{
            remove: messages.remove,
            removeFile: (name) => formatMessage(messages.removeFile, { name }),
            moveUp: messages.moveUp,
            moveDown: messages.moveDown,
            moveUpFile: (name) => formatMessage(messages.moveUpFile, { name }),
            moveDownFile: (name) => formatMessage(messages.moveDownFile, { name }),
            reorderHint: messages.reorderHint,
          }}
        />
      )}
    </>
  );
}
