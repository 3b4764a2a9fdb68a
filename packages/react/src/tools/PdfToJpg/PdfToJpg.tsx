import { type ToolProps, ToolShell } from '../../shell';

/** pdf-to-jpg: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfToJpg(props: ToolProps) {
  return <ToolShell toolId="pdf-to-jpg" {...props} />;
}
