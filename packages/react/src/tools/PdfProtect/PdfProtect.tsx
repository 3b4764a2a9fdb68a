import { type ToolProps, ToolShell } from '../../shell';

/** pdf-protect: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfProtect(props: ToolProps) {
  return <ToolShell toolId="pdf-protect" {...props} />;
}
