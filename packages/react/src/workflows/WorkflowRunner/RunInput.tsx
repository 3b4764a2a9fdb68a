import { acceptedRunFormatsLabel, formatMegabytesShort, type ToolDefinition } from '@docstudio/core';
import { DropZone, FileCard, FileList, type HeadingLevel } from '../../primitives';
import * as fieldStyles from '../../primitives/OptionField/OptionField.css';
import { formatMessage, type StudioMessages } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import { UrlInput } from '../../shell/UrlInput';
import * as styles from '../shared/workflow.css';

export interface ChosenFile {
  id: string;
  file: File;
}

export interface RunInputProps {
  /** The first step's tool; undefined for an endpoint this catalogue does not know. */
  first: ToolDefinition | undefined;
  files: readonly ChosenFile[];
  url: string;
  texts: WorkflowTexts;
  messages: StudioMessages;
  headingLevel: HeadingLevel;
  disabled: boolean;
  onDrop: (files: File[]) => void;
  onRemove: (id: string) => void;
  onUrl: (url: string) => void;
}

const scope = 'workflow-runner';

/**
 * The run's input: a website URL field when step 1 is web-to-pdf, else the upload area with the
 * accepted formats in upper case and the chosen files (size in MB with one decimal, Remove).
 */
export function RunInput({
  first,
  files,
  url,
  texts,
  messages,
  headingLevel,
  disabled,
  onDrop,
  onRemove,
  onUrl,
}: RunInputProps) {
  if (first?.input === 'url') {
    return (
      <UrlInput
        className={fieldStyles.field}
        scope={scope}
        label={messages.urlLabel}
        placeholder={messages.urlPlaceholder}
        value={url}
        disabled={disabled}
        onChange={onUrl}
      />
    );
  }
  const formats = first ? acceptedRunFormatsLabel(first) : '';
  const multiple = first?.input === 'multi-file';
  const remove = (file: File) => formatMessage(messages.removeFile, { name: file.name });
  return (
    <>
      <DropZone
        scope={scope}
        multiple={multiple}
        disabled={disabled}
        acceptAttribute={
          formats
            ? formats
                .split(', ')
                .map((format) => `.${format.toLowerCase()}`)
                .join(',')
            : undefined
        }
        labels={{
          idle: texts.dropIdle,
          browse: messages.dropzoneBrowse,
          active: texts.dropActive,
          label: texts.dropLabel,
        }}
        onFiles={onDrop}
      />
      {formats && (
        <p className={styles.hint} data-scope={scope} data-part="accepted-formats">
          {formatMessage(texts.acceptedFormats, { formats })}
        </p>
      )}
      {!multiple && files[0] && (
        <FileCard
          name={files[0].file.name}
          size={files[0].file.size}
          formatSize={formatMegabytesShort}
          scope={scope}
          disabled={disabled}
          removeLabel={messages.remove}
          removeAccessibleLabel={remove(files[0].file)}
          onRemove={() => onRemove((files[0] as ChosenFile).id)}
        />
      )}
      {multiple && files.length > 0 && (
        <FileList
          scope={scope}
          headingLevel={headingLevel}
          heading={formatMessage(texts.selectedFiles, { count: files.length })}
          items={files.map((entry) => ({ id: entry.id, name: entry.file.name, size: entry.file.size }))}
          formatSize={formatMegabytesShort}
          onRemove={onRemove}
          disabled={disabled}
          labels={{
            remove: messages.remove,
            removeFile: (name) => formatMessage(messages.removeFile, { name }),
          }}
        />
      )}
    </>
  );
}
