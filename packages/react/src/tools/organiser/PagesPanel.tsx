import type { ReactNode } from 'react';
import { usePdfDocument } from '../../primitives';
import { useToolContext } from '../../shell';
import * as styles from './organiser.css';

export interface PagesPanelProps {
  /** The PDF's bytes; undefined while a handed-over file is being downloaded. */
  file: Blob | undefined;
  /** The pictures once the page count is known. */
  children: (pageCount: number) => ReactNode;
}

/**
 * Opens the chosen PDF in the browser and hands its page count to the organiser; while loading, and
 * when the file cannot be drawn (damaged, encrypted), says so: the conversion itself still works.
 */
export function PagesPanel({ file, children }: PagesPanelProps) {
  const { messages, scope } = useToolContext();
  const pdf = usePdfDocument(file);
  if (pdf.status === 'ready') return <>{children(pdf.pdf.pageCount)}</>;
  return (
    <p
      className={styles.status}
      role="status"
      data-scope={scope}
      data-part="pages-status"
      data-state={pdf.status}
    >
      {pdf.status === 'loading' ? messages.pagesLoading : messages.pagesFailed}
    </p>
  );
}
