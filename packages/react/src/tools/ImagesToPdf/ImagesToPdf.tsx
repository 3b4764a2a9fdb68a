import { useStudio } from '../../provider';
import { type ToolProps, ToolShell } from '../../shell';

/** Images to PDF: images are appended on each drop into 'Selected Images (count)' and removed one by one. */
export function ImagesToPdf(props: ToolProps) {
  const { messages } = useStudio(props);
  return <ToolShell toolId="images-to-pdf" {...props} fileListHeading={messages.selectedImages} />;
}
