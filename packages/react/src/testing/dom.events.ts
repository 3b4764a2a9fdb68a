/**
 * Real DOM drag-and-drop in Chromium: a DataTransfer carrying real File objects, dispatched as the
 * browser would (dragenter, dragover, drop). react-dropzone reads these exactly as from a user's drag.
 */
function transferOf(files: readonly File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

function fire(target: Element, type: string, transfer: DataTransfer): void {
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

/** Starts a drag over the element without dropping (the zone should highlight). */
export async function dragOver(target: Element, files: readonly File[]): Promise<DataTransfer> {
  const transfer = transferOf(files);
  fire(target, 'dragenter', transfer);
  fire(target, 'dragover', transfer);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return transfer;
}

export async function dragLeave(target: Element, transfer: DataTransfer): Promise<void> {
  fire(target, 'dragleave', transfer);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Drags files over the element and drops them. */
export async function dropFiles(target: Element, files: readonly File[]): Promise<void> {
  const transfer = await dragOver(target, files);
  fire(target, 'drop', transfer);
  // react-dropzone reads the files asynchronously (file-selector).
  await new Promise((resolve) => setTimeout(resolve, 20));
}
