/**
 * What the page area shows while a lazily loaded page's module arrives on a first visit: an empty,
 * busy main region tall enough that the footer does not jump up and down again.
 */
export function PageLoading() {
  return <main aria-busy="true" aria-label="Loading the page" className="studio-page-loading" />;
}
