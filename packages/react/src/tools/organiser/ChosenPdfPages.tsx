import type { ConversionClient } from '@docstudio/core';
import type { ComponentType } from 'react';
import { usePdfJsWarmUp } from '../../primitives';
import { useToolState } from '../../shell';
import { selectedName } from '../../shell/tool.store';
import { PagesPanel } from './PagesPanel';
import { useChosenBytes } from './useChosenBytes';

/** What a tool's page grid is given: the PDF's bytes, its name for labels, and its page count. */
export interface ChosenPagesGridProps {
  file: Blob;
  name: string;
  pageCount: number;
}

/**
 * The first chosen file's pages for Rotate and Split: the picked file, or a handed-over one
 * downloaded once; pdf.js warms up while the user is still choosing.
 */
export function ChosenPdfPages({
  client,
  Grid,
}: {
  client: ConversionClient;
  Grid: ComponentType<ChosenPagesGridProps>;
}) {
  usePdfJsWarmUp();
  const entry = useToolState((state) => state.files[0]);
  const file = useChosenBytes(entry, client);
  if (!entry) return null;
  const name = selectedName(entry);
  return (
    <PagesPanel file={file}>
      {(pageCount) => file && <Grid file={file} name={name} pageCount={pageCount} />}
    </PagesPanel>
  );
}
