import { type ToolProps, ToolShell } from '../../shell';

/** pdf-to-excel: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfToExcel(props: ToolProps) {
  return <ToolShell toolId="pdf-to-excel" {...props} />;
}
