import { useStudio } from '../../provider';
import { type ToolProps, ToolShell } from '../../shell';
import { WatermarkPreview } from './WatermarkPreview';

/**
 * pdf-watermark: a ToolShell over the catalogue entry (options generated from its definitions), with a
 * live preview of the watermark on the first page under the chosen file.
 */
export function PdfWatermark(props: ToolProps) {
  const { client } = useStudio(props);
  return <ToolShell toolId="pdf-watermark" {...props} afterInput={<WatermarkPreview client={client} />} />;
}
