import { type ToolProps, ToolShell } from '../../shell';

/** pdf-watermark: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfWatermark(props: ToolProps) {
  return <ToolShell toolId="pdf-watermark" {...props} />;
}
