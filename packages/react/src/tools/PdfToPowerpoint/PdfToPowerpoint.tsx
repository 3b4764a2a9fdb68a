import { type ToolProps, ToolShell } from '../../shell';

/** pdf-to-powerpoint: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfToPowerpoint(props: ToolProps) {
  return <ToolShell toolId="pdf-to-powerpoint" {...props} />;
}
