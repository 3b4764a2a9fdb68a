import { usePdfJsWarmUp } from '../../primitives';
import { useStudio } from '../../provider';
import { ToolNote, type ToolProps, ToolShell, useToolContext } from '../../shell';
import { MergeFiles } from './MergeFiles';

function OrderNote() {
  const { messages } = useToolContext();
  // Each file's pages can be shown: pdf.js gets ready while files are being chosen.
  usePdfJsWarmUp();
  return <ToolNote part="merge-order-note">{messages.mergeOrderHint}</ToolNote>;
}

/**
 * Merge: the chosen files in merge order (MergeFiles: drag, keyboard drag, Move up / Move down,
 * Alt + arrows, Remove, each file's pages on demand); at least 2 files.
 */
export function PdfMerge(props: ToolProps) {
  const { client } = useStudio(props);
  return (
    <ToolShell
      toolId="pdf-merge"
      {...props}
      reorderable
      fileList={<MergeFiles client={client} />}
      afterInput={<OrderNote />}
    />
  );
}
