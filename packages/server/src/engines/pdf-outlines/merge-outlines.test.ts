/**
 * The merge's bookmark collection skips MuPDF for a part read exactly from its raw bytes whose catalog
 * has no /Outlines. That holds only if MuPDF, opening such a part, would find no bookmarks and the same
 * page count: checked here on every PDF of both corpora (other producers' files, odd ones among them).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { corpusPdfs } from '../../testing/corpus';
import { loadMupdf } from '../mupdf';
import { rawPageTree } from '../pdf-raw-facts';

describe('collectOutlines, parts read raw', () => {
  it('a part read raw without /Outlines has no bookmarks for MuPDF either, and the same page count', async () => {
    const mupdf = await loadMupdf();
    let skipped = 0;
    let outlined = 0;
    for (const path of await corpusPdfs()) {
      const bytes = await readFile(path);
      const raw = rawPageTree(bytes);
      if (!raw) continue;
      const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
      try {
        expect(doc.countPages(), path).toBe(raw.pages.length);
        const outline = doc.loadOutline() ?? [];
        if ('Outlines' in raw.catalog) outlined += outline.length > 0 ? 1 : 0;
        else {
          expect(outline, path).toEqual([]);
          skipped += 1;
        }
      } finally {
        doc.destroy();
      }
    }
    // both kinds are in the corpora: the comparison is not of an empty set
    expect(skipped).toBeGreaterThan(20);
    expect(outlined).toBeGreaterThan(0);
  });
});
