/**
 * Where a workflow element goes on its own: a portal names its pages in attributes (`edit-url=
 * "/workflows/edit/{id}"`) and the element goes there after dispatching its event, unless a listener
 * called `preventDefault()` (a single-page portal routes itself). Without the attribute the element
 * only dispatches the event.
 */

/** The page address for a `{id}` template; the id is URL-encoded, so it can only fill its own segment. */
export function fillUrlTemplate(template: string, id?: string): string {
  return id === undefined ? template : template.replaceAll('{id}', encodeURIComponent(id));
}

/**
 * Goes to the template's address when the event was not cancelled and a template is set. Returns
 * whether it went, so the caller can do its in-place fallback otherwise.
 */
export function followLink(
  host: HTMLElement | undefined,
  notCancelled: boolean,
  template: string | undefined,
  id?: string,
): boolean {
  if (!notCancelled || !template) return false;
  const location = host?.ownerDocument.defaultView?.location ?? window.location;
  location.assign(fillUrlTemplate(template, id));
  return true;
}
