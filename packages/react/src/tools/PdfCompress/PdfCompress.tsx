import { type ToolProps, ToolShell } from '../../shell';
import { CompressionSavings } from './CompressionSavings';

/**
 * pdf-compress: a ToolShell over the catalogue entry (options generated from its definitions); the
 * result shows the size saved.
 */
export function PdfCompress(props: ToolProps) {
  return <ToolShell toolId="pdf-compress" {...props} afterResults={<CompressionSavings />} />;
}
