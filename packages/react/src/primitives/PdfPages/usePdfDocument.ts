import { useEffect, useState } from 'react';
import type { PdfDocumentHandle } from './openPdf';
import { acquirePdf, releasePdf } from './pdfDocuments';

export type PdfDocumentState =
  | { status: 'loading'; pdf?: undefined; error?: undefined }
  | { status: 'ready'; pdf: PdfDocumentHandle; error?: undefined }
  | { status: 'failed'; pdf?: undefined; error: unknown };

/** The open document of `file` (shared, see pdfDocuments.ts), or its loading / failure. */
export function usePdfDocument(file: Blob | undefined): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: 'loading' });
  useEffect(() => {
    if (!file) return;
    let current = true;
    setState({ status: 'loading' });
    acquirePdf(file).then(
      (pdf) => current && setState({ status: 'ready', pdf }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
      releasePdf(file);
    };
  }, [file]);
  return state;
}
