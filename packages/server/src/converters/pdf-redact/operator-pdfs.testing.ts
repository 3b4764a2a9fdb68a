/**
 * Hand-written one-page PDFs that draw the same lines with every way PDF has of showing text, for the
 * redaction tests: each variant is a content stream (and what it needs beside it) written the way
 * other producers write them, not the way our own tools would.
 */
import { writeFile } from 'node:fs/promises';

/** The personal data each variant draws, and what `auto` must remove. */
export const OPERATOR_PII = ['Maria Lopez', '078-05-1120', 'maria.lopez@example.com'] as const;
/** Lines without personal data: they must stay readable. */
export const OPERATOR_ORDINARY = ['Quarterly staffing review', 'Ordinary line stays'] as const;

const LINES = [
  OPERATOR_ORDINARY[0],
  'Patient: Maria Lopez',
  'SSN 078-05-1120',
  'Email maria.lopez@example.com',
  OPERATOR_ORDINARY[1],
];

const esc = (text: string): string => text.replace(/[()\\]/g, (char) => `\\${char}`);
const shows = (op: (text: string) => string): string => LINES.map(op).join(' ');

export interface OperatorVariant {
  name: string;
  /** The page's content stream. */
  content: string;
  /** Extra entries of the page dictionary, e.g. '/Rotate 90'. */
  page?: string;
  /** Content of a Form XObject named /Fm0 in the page's resources. */
  form?: string;
  /** Font /F1 is a Type 3 font whose glyphs are boxes (still mapped to Unicode by their names). */
  type3?: boolean;
  /** A FreeText annotation whose text and appearance carry the data. */
  annotation?: boolean;
}

const TJ_PIECES = (text: string): string => {
  const middle = Math.ceil(text.length / 2);
  return `[(${esc(text.slice(0, middle))}) -25 (${esc(text.slice(middle))})] TJ`;
};

export const OPERATOR_VARIANTS: readonly OperatorVariant[] = [
  { name: 'Td + Tj', content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET` },
  {
    name: 'TJ with kerning inside words',
    content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `${TJ_PIECES(t)} 0 -22 Td`)} ET`,
  },
  { name: "' after Td and TL", content: `BT /F1 14 Tf 72 762 Td 22 TL ${shows((t) => `(${esc(t)}) '`)} ET` },
  {
    name: '" with word and character spacing',
    content: `BT /F1 14 Tf 72 762 Td 22 TL ${shows((t) => `0.5 0.2 (${esc(t)}) "`)} ET`,
  },
  {
    name: 'T* with TL set before Td',
    content: `BT /F1 14 Tf 22 TL 72 740 Td ${shows((t) => `(${esc(t)}) Tj T*`)} ET`,
  },
  { name: 'TD', content: `BT /F1 14 Tf 72 762 TD ${shows((t) => `0 -22 TD (${esc(t)}) Tj`)} ET` },
  {
    name: 'Tz, Tc and Tw (letter-spaced)',
    content: `BT /F1 12 Tf 130 Tz 1.5 Tc 2 Tw 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET`,
  },
  {
    name: 'Ts rise',
    content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `3 Ts (${esc(t)}) Tj 0 Ts 0 -22 Td`)} ET`,
  },
  {
    name: 'clipping text (Tr 7) painted through',
    content: `BT /F1 14 Tf 7 Tr 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET 0 0 0 rg 0 0 612 792 re f`,
  },
  {
    name: 'q/Q around TL',
    content: `q BT 40 TL ET Q q BT /F1 14 Tf 22 TL 72 762 Td ${shows((t) => `(${esc(t)}) '`)} ET Q`,
  },
  {
    name: 'text matrix (Tm) per line',
    content: `BT /F1 14 Tf ${LINES.map((t, i) => `1 0 0 1 72 ${740 - 22 * i} Tm (${esc(t)}) Tj`).join(' ')} ET`,
  },
  {
    name: 'rotated page (/Rotate 90)',
    page: '/Rotate 90',
    content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET`,
  },
  {
    name: 'text in a Form XObject',
    content: 'q /Fm0 Do Q',
    form: `BT /F1 14 Tf 72 762 Td 22 TL ${shows((t) => `(${esc(t)}) '`)} ET`,
  },
  {
    name: 'Type 3 font',
    type3: true,
    content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET`,
  },
  {
    name: 'ActualText on marked content',
    content: `BT /F1 14 Tf 72 740 Td ${shows(
      (t) => `/Span << /ActualText (${esc(t)}) >> BDC (${esc(t)}) Tj EMC 0 -22 Td`,
    )} ET`,
  },
  {
    name: 'FreeText annotation with an appearance',
    annotation: true,
    content: `BT /F1 14 Tf 72 740 Td ${shows((t) => `(${esc(t)}) Tj 0 -22 Td`)} ET`,
  },
];

/**
 * Streams MuPDF's redaction filter mangles (the glyphs move or vanish), so the redaction's own check
 * must catch them and fall back to a burnt picture: a Form XObject whose `'` lines take the leading
 * of the page that paints it (no static rewrite can know it), and `q`/`Q` inside a text object (not
 * allowed, but written by some producers and shown by every viewer).
 */
export const MANGLED_BY_MUPDF: readonly OperatorVariant[] = [
  {
    name: 'Form XObject using the leading of the page that paints it',
    content: 'BT 22 TL ET /Fm0 Do',
    form: `BT /F1 14 Tf 72 762 Td ${shows((t) => `(${esc(t)}) '`)} ET`,
  },
  {
    name: 'q/Q inside a text object',
    content: `BT /F1 14 Tf 22 TL 72 762 Td q Q ${shows((t) => `(${esc(t)}) '`)} ET`,
  },
];

function type3Font(): string {
  const names = Array.from({ length: 95 }, (_, i) => 32 + i);
  const glyphName = (code: number): string =>
    code === 32 ? 'space' : `uni${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const procs = names.map((code) => `/${glyphName(code)} ${code === 32 ? 9 : 8} 0 R`).join(' ');
  return `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix [0.001 0 0 0.001 0 0]
/CharProcs << ${procs} >> /Encoding << /Type /Encoding /Differences [32 ${names.map((c) => `/${glyphName(c)}`).join(' ')}] >>
/FirstChar 32 /LastChar 126 /Widths [${names.map(() => 600).join(' ')}] /Resources << >> >>`;
}

/** Writes `variant` as a one-page PDF with a correct cross-reference table. */
export async function writeOperatorPdf(path: string, variant: OperatorVariant): Promise<void> {
  const font = variant.type3 ? type3Font() : '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const annotation = variant.annotation
    ? `/Annots [<< /Type /Annot /Subtype /FreeText /Rect [300 100 560 140] /Contents (Patient: Maria Lopez)
/DA (/F1 12 Tf 0 g) /AP << /N 10 0 R >> >>]`
    : '';
  const stream = (
    body: string,
    dict = '',
  ): string => `<< ${dict} /Length ${Buffer.byteLength(body, 'latin1')} >>
stream
${body}
endstream`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${variant.page ?? ''} ${annotation}
/Resources << /Font << /F1 5 0 R >> /XObject << /Fm0 6 0 R >> >> /Contents 4 0 R >>`,
    stream(variant.content),
    font,
    stream(
      variant.form ?? '',
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>',
    ),
    '<< >>',
    stream('0 0 600 700 d1 60 0 480 600 re f'),
    stream('600 0 d0'),
    stream(
      'BT /F1 12 Tf 4 10 Td (Patient: Maria Lopez) Tj ET',
      '/Type /XObject /Subtype /Form /BBox [0 0 260 40] /Resources << /Font << /F1 5 0 R >> >>',
    ),
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  await writeFile(path, Buffer.from(body, 'latin1'));
}
