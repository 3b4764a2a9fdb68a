import { type ToolProps, ToolShell } from '../../shell';

/** pdf-compress: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfCompress(props: ToolProps) {
  return <ToolShell toolId="pdf-compress" {...props} />;
}
