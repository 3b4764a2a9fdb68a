import { useEffect, useState } from 'react';

/**
 * The bytes a preview draws: the picked file itself, or, for a result handed over from another tool
 * (kept by the server, chosen as an empty placeholder), its bytes fetched once with `download`.
 * Undefined while they are being fetched or when they cannot be.
 */
export function usePreviewFile<S>(
  file: File | undefined,
  stored: S | undefined,
  download: (stored: S, signal: AbortSignal) => Promise<Blob>,
): Blob | undefined {
  const [fetched, setFetched] = useState<{ from: S; blob: Blob } | undefined>();
  useEffect(() => {
    // Already here (a panel closed and opened again): no second download.
    if (stored === undefined || fetched?.from === stored) return;
    const controller = new AbortController();
    download(stored, controller.signal).then(
      (blob) => !controller.signal.aborted && setFetched({ from: stored, blob }),
      () => undefined,
    );
    return () => controller.abort();
  }, [stored, download, fetched]);
  if (stored === undefined) return file;
  return fetched?.from === stored ? fetched.blob : undefined;
}
