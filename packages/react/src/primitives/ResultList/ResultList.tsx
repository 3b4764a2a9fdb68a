import { formatFileSize } from '@docstudio/core';
import { useEffect, useId, useRef } from 'react';
import { primaryButton, secondaryButton, smallButton } from '../Button';
import { Heading, type HeadingLevel } from '../Heading';
import { type ContinueTarget, ContinueWith } from './ContinueWith';
import { downloadAllFiles, downloadFile } from './downloadFile';
import * as styles from './ResultList.css';

export interface ResultFile {
  fileName: string;
  fileSize: number;
  url: string;
}

export interface ResultListLabels {
  heading: string;
  download: string;
  downloadFile: (name: string) => string;
  downloadAll: string;
  /** The ZIP link of a multi-file result: 'Download all as ZIP'. */
  downloadZip: string;
  continueHeading: string;
  continueAction: string;
}

const englishLabels: ResultListLabels = {
  heading: 'Conversion Complete',
  download: 'Download',
  downloadFile: (name) => `Download ${name}`,
  downloadAll: 'Download All',
  downloadZip: 'Download all as ZIP',
  continueHeading: 'Continue with another tool',
  continueAction: 'Continue',
};

export interface ResultListProps {
  files: readonly ResultFile[];
  scope?: string;
  /** The 'Conversion Complete' heading's rank (3 by default: below a tool's h2). */
  headingLevel?: HeadingLevel;
  /** Show 'Download All' (each download in turn with a pause) when there is no `zipUrl`. */
  showDownloadAll?: boolean;
  downloadAllPauseMs?: number;
  /** Where all files download as one ZIP; with several files it becomes the primary download. */
  zipUrl?: string;
  labels?: Partial<ResultListLabels>;
  /** How one file is downloaded; a temporary link by default. */
  onDownload?: (file: ResultFile) => void;
  /** Tools the result can go on to; with `onContinue`, shows 'Continue with another tool'. */
  continueTargets?: readonly ContinueTarget[];
  onContinue?: (targetId: string) => void;
  /** Move focus to the result when it appears (after a conversion), so it is announced and reachable. */
  focusOnMount?: boolean;
  /** The section's data-part: 'results', or 'ready-results' for the files ready while converting. */
  part?: string;
}

/**
 * 'Conversion Complete': a large primary download (the one file, or all of them as one ZIP), one row
 * per file with its size (KB below 1 MB) and Download, and 'Continue with another tool'.
 */
export function ResultList({
  files,
  scope = 'docstudio',
  headingLevel = 3,
  showDownloadAll = false,
  downloadAllPauseMs = 500,
  zipUrl,
  labels: overrides,
  onDownload = downloadFile,
  continueTargets = [],
  onContinue,
  focusOnMount = false,
  part = 'results',
}: ResultListProps) {
  const labels = { ...englishLabels, ...overrides };
  const headingId = useId();
  const cancelPending = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelPending.current?.(), []);
  const section = useRef<HTMLElement>(null);
  // Once, when the result arrives; the section's name is its heading ('Conversion Complete').
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus only on mount.
  useEffect(() => {
    if (focusOnMount) section.current?.focus();
  }, []);
  const single = files.length === 1 ? files[0] : undefined;
  const zip = files.length > 1 && zipUrl ? zipUrl : undefined;

  return (
    <section
      ref={section}
      tabIndex={-1}
      className={styles.section}
      aria-labelledby={headingId}
      data-scope={scope}
      data-part={part}
    >
      <div className={styles.header}>
        <Heading level={headingLevel} id={headingId} className={styles.heading}>
          {labels.heading}
        </Heading>
        {!zip && showDownloadAll && files.length > 1 && (
          <button
            type="button"
            className={primaryButton}
            data-scope={scope}
            data-part="download-all"
            onClick={() => {
              cancelPending.current?.();
              cancelPending.current = downloadAllFiles(files, onDownload, downloadAllPauseMs);
            }}
          >
            {labels.downloadAll}
          </button>
        )}
      </div>
      {zip && (
        // A link, not a fetch: the browser streams the server's ZIP straight to disk.
        <a
          href={zip}
          download
          className={`${primaryButton} ${styles.primaryAction}`}
          data-scope={scope}
          data-part="download-zip"
        >
          {labels.downloadZip}
        </a>
      )}
      <ul className={styles.list}>
        {files.map((file) => (
          <li
            key={`${file.url}#${file.fileName}`}
            className={styles.row}
            data-scope={scope}
            data-part="result-item"
          >
            <span className={styles.name} data-scope={scope} data-part="result-name">
              {file.fileName}
            </span>
            <span className={styles.size} data-scope={scope} data-part="result-size">
              {formatFileSize(file.fileSize)}
            </span>
            <button
              type="button"
              // One file: its Download is the primary action, large; several: the ZIP is.
              className={
                single ? `${primaryButton} ${styles.primaryAction}` : `${secondaryButton} ${smallButton}`
              }
              aria-label={labels.downloadFile(file.fileName)}
              onClick={() => onDownload(file)}
              data-scope={scope}
              data-part="download"
            >
              {labels.download}
            </button>
          </li>
        ))}
      </ul>
      {onContinue && (
        <ContinueWith
          targets={continueTargets}
          scope={scope}
          labels={{ heading: labels.continueHeading, action: labels.continueAction }}
          onContinue={onContinue}
        />
      )}
    </section>
  );
}
