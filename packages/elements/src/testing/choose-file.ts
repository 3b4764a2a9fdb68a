/** Puts a fixture file into a tool element's drop zone, as a user picking it would. */
export async function chooseFile(root: HTMLElement, url: string, name: string): Promise<void> {
  const bytes = await (await fetch(url)).blob();
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], name, { type: bytes.type || 'application/pdf' }));
  const input = root.querySelector<HTMLInputElement>('[data-part="file-input"]');
  if (!input) throw new Error('The drop zone has no file input.');
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
