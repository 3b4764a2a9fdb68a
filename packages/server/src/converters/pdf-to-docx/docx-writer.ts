/**
 * Assembles the Word document: one section per PDF page, with that page's size and margins taken from
 * where its content sits, so the result paginates like the original.
 */
import { Document, type ISectionOptions, Packer, PageOrientation, Paragraph, type Table } from 'docx';
import type { PageWithFlow } from '../../engines/pdf-structure';
import { type DocumentFonts, imageBlock, paragraphBlock, tableBlock, twips } from './docx-blocks';

const MIN_MARGIN = 18;
const MAX_MARGIN = 108;

export function documentFonts(pages: PageWithFlow[]): DocumentFonts {
  const counts = new Map<number, number>();
  for (const page of pages)
    for (const line of page.lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.text.length);
  const bodySize = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11;
  return { bodySize };
}

function pageSection(page: PageWithFlow, fonts: DocumentFonts): ISectionOptions {
  const boxes = page.flow.map((item) => item.box);
  const left = Math.min(page.width / 2, ...boxes.map((b) => b[0]));
  const right = Math.max(page.width / 2, ...boxes.map((b) => b[2]));
  const topY = Math.min(page.height / 2, ...boxes.map((b) => b[1]));
  const clamp = (v: number): number => Math.max(MIN_MARGIN, Math.min(MAX_MARGIN, v));
  const margin = {
    left: clamp(left - 2),
    right: clamp(page.width - right - 2),
    top: clamp(topY - 2),
    bottom: MIN_MARGIN,
  };
  const content = { left: margin.left, right: page.width - margin.right };
  const children: (Paragraph | Table)[] = [];
  for (const item of page.flow) {
    if (item.kind === 'paragraph') children.push(paragraphBlock(item, fonts, content));
    else if (item.kind === 'table') {
      children.push(tableBlock(item.table, Math.min(fonts.bodySize, 11)));
      children.push(new Paragraph({ children: [] }));
    } else children.push(imageBlock(item.image, content.right - content.left));
  }
  if (children.length === 0) children.push(new Paragraph({ children: [] }));
  const landscape = page.width > page.height;
  return {
    properties: {
      page: {
        // docx swaps width and height for landscape, so it takes the portrait numbers
        size: {
          width: twips(Math.min(page.width, page.height)),
          height: twips(Math.max(page.width, page.height)),
          orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        },
        margin: {
          top: twips(margin.top),
          bottom: twips(margin.bottom),
          left: twips(margin.left),
          right: twips(margin.right),
          header: 0,
          footer: 0,
        },
      },
    },
    children,
  };
}

export async function writeDocx(pages: PageWithFlow[], title: string): Promise<Buffer> {
  const fonts = documentFonts(pages);
  const doc = new Document({
    title,
    creator: 'docstudio',
    styles: { default: { document: { run: { size: Math.round(fonts.bodySize * 2) } } } },
    sections: pages.map((page) => pageSection(page, fonts)),
  });
  return Packer.toBuffer(doc);
}
