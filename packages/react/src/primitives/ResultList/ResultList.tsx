import { formatMegabytes } from '@docstudio/core';
import { useEffect, useId, useRef } from 'react';
import { primaryButton, secondaryButton, smallButton } from '../Button';
import { Heading, type HeadingLevel } from '../Heading';
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
}

const englishLabels: ResultListLabels = {
  heading: 'Conversion Complete',
  download: 'Download',
  downloadFile: (name) => `Download ${name}`,
  downloadAll: 'Download All',
};

export interface ResultListProps {
  files: readonly ResultFile[];
  scope?: string;
  /** The 'Conversion Complete' heading's rank (3 by default: below a tool's h2). */
  headingLevel?: HeadingLevel;
  /** Show 'Download All' (split), which starts each download in turn with a pause. */
  showDownloadAll?: boolean;
  downloadAllPauseMs?: number;
  labels?: Partial<ResultListLabels>;
  /** How one file is downloaded; a temporary link by default. */
  onDownload?: (file: ResultFile) => void;
}

/** 'Conversion Complete': one row per result file with its name, size in MB (2 decimals) and Download. */
export function ResultList({
  files,
  scope = 'docstudio',
  headingLevel = 3,
  showDownloadAll = false,
  downloadAllPauseMs = 500,
  labels: overrides,
  onDownload = downloadFile,
}: ResultListProps) {
  const labels = { ...englishLabels, ...overrides };
  const headingId = useId();
  const cancelPending = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelPending.current?.(), []);

  return (
    <section className={styles.section} aria-labelledby={headingId} data-scope={scope} data-part="results">
      <div className={styles.header}>
        <Heading level={headingLevel} id={headingId} className={styles.heading}>
          {labels.heading}
        </Heading>
        {showDownloadAll && files.length > 0 && (
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
              {formatMegabytes(file.fileSize)}
            </span>
            <button
              type="button"
              className={`${secondaryButton} ${smallButton}`}
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
    </section>
  );
}
