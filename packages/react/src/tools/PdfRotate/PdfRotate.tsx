import { type ToolProps, ToolShell } from '../../shell';

/** pdf-rotate: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfRotate(props: ToolProps) {
  return <ToolShell toolId="pdf-rotate" {...props} />;
}
