/** /documents (Storage in the header): the enterprise teaser of a document library with its categories. */
import type { SiteRoute } from '@docstudio/core';
import { TeaserLayout } from './TeaserLayout';

type DocumentCategory = 'Template' | 'Watermark' | 'Other';

const CATEGORIES: readonly DocumentCategory[] = ['Template', 'Watermark', 'Other'];

const SAMPLE_DOCUMENTS: readonly {
  name: string;
  category: DocumentCategory;
  size: string;
  updated: string;
}[] = [
  { name: 'Engagement letter.docx', category: 'Template', size: '0.08 MB', updated: '2 days ago' },
  { name: 'Invoice layout.docx', category: 'Template', size: '0.05 MB', updated: '1 week ago' },
  { name: 'Confidential stamp.png', category: 'Watermark', size: '0.02 MB', updated: '3 weeks ago' },
  { name: 'Draft overlay.pdf', category: 'Watermark', size: '0.01 MB', updated: '1 month ago' },
  { name: 'Terms of business.pdf', category: 'Other', size: '0.42 MB', updated: '2 months ago' },
];

export function DocumentsTeaser({ route }: { route: SiteRoute }) {
  return (
    <TeaserLayout
      route={route}
      lead="A document library will keep the files your workflows reuse in one place: templates, watermarks and other documents."
      sampleLabel="Sample: a library of five documents in the categories Template, Watermark and Other, shown blurred."
    >
      <fieldset className="landing-filter">
        <legend>Category</legend>
        {(['All', ...CATEGORIES] as const).map((category) => (
          <button key={category} type="button" aria-pressed={category === 'All'}>
            {category}
          </button>
        ))}
      </fieldset>
      <table className="content-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Size</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_DOCUMENTS.map(({ name, category, size, updated }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{category}</td>
              <td>{size}</td>
              <td>{updated}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button">Upload document</button>
    </TeaserLayout>
  );
}
