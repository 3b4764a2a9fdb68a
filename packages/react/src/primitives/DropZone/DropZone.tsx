import { useDropzone } from 'react-dropzone';
import * as styles from './DropZone.css';

export interface DropZoneLabels {
  /** 'Drag & drop your PDF file here' */
  idle: string;
  /** 'or click to browse files' */
  browse: string;
  /** 'Drop your PDF file here...' while a drag is over the zone. */
  active: string;
  /** Accessible name of the hidden file input. */
  label: string;
}

export interface DropZoneProps {
  labels: DropZoneLabels;
  /** Lets the file dialog pick several files. */
  multiple?: boolean;
  /** The file dialog's filter ('.pdf,application/pdf'); acceptance itself is decided by the caller. */
  acceptAttribute?: string;
  disabled?: boolean;
  /** Formats and limits shown under the texts ('PDF · up to 50 MB'). */
  hint?: string;
  scope?: string;
  /** Every file dropped or chosen, unfiltered: the caller checks them against the tool's accept rule. */
  onFiles: (files: File[]) => void;
}

/**
 * The upload area: drag and drop or click (Enter and Space open the file dialog). It highlights while
 * a drag is over it and hands every file to the caller, which applies the catalogue's accept rule.
 */
export function DropZone({
  labels,
  multiple = false,
  acceptAttribute,
  disabled = false,
  hint,
  scope = 'docstudio',
  onFiles,
}: DropZoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    // All files reach onFiles: core's checkFiles gives the spec's rejection texts, not react-dropzone.
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      const files = [...accepted, ...rejected.map((rejection) => rejection.file)];
      if (files.length > 0) onFiles(files);
    },
  });
  return (
    <>
      <div
        {...getRootProps({
          role: 'button',
          // The name is the visible text, so speech users can say what they see.
          'aria-disabled': disabled || undefined,
        })}
        className={styles.zone}
        data-scope={scope}
        data-part="dropzone"
        data-dragging={isDragActive || undefined}
        data-disabled={disabled || undefined}
      >
        <span className={styles.icon} aria-hidden="true">
          ⇪
        </span>
        <span style={{ display: 'grid', gap: 4 }}>
          <span className={styles.primaryText} data-part="dropzone-text">
            {isDragActive ? labels.active : labels.idle}
          </span>
          {!isDragActive && <span className={styles.secondaryText}>{labels.browse}</span>}
          {hint && (
            <span className={styles.secondaryText} data-part="dropzone-hint">
              {hint}
            </span>
          )}
        </span>
      </div>
      <input
        {...getInputProps({ multiple, 'aria-label': labels.label })}
        {...(acceptAttribute ? { accept: acceptAttribute } : {})}
        data-scope={scope}
        data-part="file-input"
      />
    </>
  );
}
