import { ToolNote, type ToolProps, ToolShell, useToolContext } from '../../shell';

function OrderNote() {
  const { messages } = useToolContext();
  return <ToolNote part="merge-order-note">{messages.mergeOrderHint}</ToolNote>;
}

/** Merge: an ordered list with Move up, Move down (buttons and Alt+Arrow keys) and Remove; at least 2 files. */
export function PdfMerge(props: ToolProps) {
  return <ToolShell toolId="pdf-merge" {...props} reorderable afterInput={<OrderNote />} />;
}
