/** The spec's download: a temporary link to the returned Url with the file name as download name. */
export function downloadFile(
  file: { url: string; fileName: string },
  ownerDocument: Document = document,
): void {
  const link = ownerDocument.createElement('a');
  link.href = file.url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  ownerDocument.body.appendChild(link);
  link.click();
  link.remove();
}

/** Starts each download in turn with a pause between them (split's Download All: 500 ms). */
export function downloadAllFiles<F extends { url: string; fileName: string }>(
  files: readonly F[],
  download: (file: F) => void,
  pauseMs = 500,
): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  files.forEach((file, index) => {
    if (index === 0) download(file);
    else timers.push(setTimeout(() => download(file), index * pauseMs));
  });
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
