import type { ConversionClient, ConversionFile } from '@docstudio/core';
import { useCallback } from 'react';
import { usePreviewFile } from '../../primitives';
import type { SelectedFile } from '../../shell/tool.store';

/**
 * The bytes the page pictures draw: the picked file itself, or, for a result handed over from another
 * tool (an empty placeholder, the server keeps the bytes), its bytes downloaded once from its URL.
 * Undefined while they are on their way; pass `entry` undefined to leave a download for later.
 */
export function useChosenBytes(entry: SelectedFile | undefined, client: ConversionClient): Blob | undefined {
  const download = useCallback(
    (stored: ConversionFile, signal: AbortSignal) => client.downloadFile(stored, { signal }),
    [client],
  );
  return usePreviewFile(entry?.file, entry?.stored, download);
}
