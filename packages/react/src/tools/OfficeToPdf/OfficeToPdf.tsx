import { ComplianceNote, type ToolProps, ToolShell } from '../../shell';

/** Office to PDF: one Office document; Page Range, PDF Version and the PDF/A switch from the catalogue. */
export function OfficeToPdf(props: ToolProps) {
  return <ToolShell toolId="office-to-pdf" {...props} notes={<ComplianceNote />} />;
}
