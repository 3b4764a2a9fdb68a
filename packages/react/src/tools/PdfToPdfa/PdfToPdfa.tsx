import { type ToolProps, ToolShell } from '../../shell';

/** pdf-to-pdfa: a ToolShell over the catalogue entry; options are generated from its definitions. */
export function PdfToPdfa(props: ToolProps) {
  return <ToolShell toolId="pdf-to-pdfa" {...props} />;
}
