import { type ToolProps, ToolShell } from '../../shell';

/** pdf-unprotect: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfUnprotect(props: ToolProps) {
  return <ToolShell toolId="pdf-unprotect" {...props} />;
}
