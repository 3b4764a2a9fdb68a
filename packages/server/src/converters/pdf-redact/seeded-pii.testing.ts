/**
 * Test support for redaction: a PDF made with pdf-lib and seeded with known personal data (every kind
 * the presets detect), ordinary sentences and decoys that must stay (a card number failing Luhn, an
 * IBAN failing mod-97), an image under one item, and the places PII hides outside the page text:
 * the Info dictionary, XMP, a note annotation, a form field value, an attachment and JavaScript.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { run } from '../../testing/pdf-tools';

export interface SeededItem {
  kind: string;
  value: string;
}

export const SEEDED_PII: readonly SeededItem[] = [
  { kind: 'name', value: 'Jonathan Whitfield' },
  { kind: 'name', value: 'Margaret Oyelaran' },
  { kind: 'name', value: 'Elena Kowalski' },
  { kind: 'email', value: 'jonathan.whitfield@example.com' },
  { kind: 'email', value: 'm.oyelaran@clinic-example.org' },
  { kind: 'phone', value: '(415) 555-0132' },
  { kind: 'phone', value: '+44 20 7946 0958' },
  { kind: 'ssn', value: '372-58-1946' },
  { kind: 'card', value: '4111 1111 1111 1111' },
  { kind: 'card', value: '5500-0000-0000-0004' },
  { kind: 'iban', value: 'DE89 3704 0044 0532 0130 00' },
  { kind: 'iban', value: 'GB82 WEST 1234 5698 7654 32' },
  { kind: 'dob', value: '03/14/1982' },
  { kind: 'dob', value: 'July 4, 1975' },
  { kind: 'address', value: '742 Evergreen Terrace, Springfield, IL 62704' },
  { kind: 'address', value: '1600 Pennsylvania Avenue NW, Washington, DC 20500' },
  { kind: 'mrn', value: '00482913' },
  { kind: 'account', value: '9876543210' },
];

/** Text that is not personal data; all of it must survive redaction. */
export const ORDINARY_TEXT: readonly string[] = [
  'Quarterly review of clinic operations and staffing levels.',
  'The committee approved the budget for the new imaging wing.',
  'Invoice reference 1234-5678 covers consulting services.',
  'Test card 4111 1111 1111 1112 fails the Luhn check.',
  'Sample IBAN DE00 3704 0044 0532 0130 00 fails its check digits.',
  'Meeting notes follow the standard agenda template.',
];

/** The page lines: labels and values the way forms and letters write them. */
const PII_LINES = [
  'Patient Name: Jonathan Whitfield',
  'Referred by Dr. Margaret Oyelaran for follow-up.',
  'Name: Elena Kowalski',
  'Email: jonathan.whitfield@example.com',
  'Physician contact m.oyelaran@clinic-example.org',
  'Phone: (415) 555-0132',
  'London office +44 20 7946 0958',
  'SSN: 372-58-1946',
  'Card on file 4111 1111 1111 1111',
  'Backup card 5500-0000-0000-0004',
  'IBAN DE89 3704 0044 0532 0130 00',
  'Payee account GB82 WEST 1234 5698 7654 32',
  'Date of Birth: 03/14/1982',
  'DOB: July 4, 1975',
  'Home: 742 Evergreen Terrace, Springfield, IL 62704',
  'Office: 1600 Pennsylvania Avenue NW, Washington, DC 20500',
  'MRN: 00482913',
  'Account Number: 9876543210',
];

/** The form field's value: its widget shows it on the page (pdftotext reads it) without a label. */
export const FORM_FIELD_VALUE = 'Jonathan Whitfield';

/** The line index drawn on top of an image (its pixels must be blanked under the box). */
export const ITEM_OVER_IMAGE = 'SSN: 372-58-1946';
const XMP_SECRET = 'Jonathan Whitfield';

export async function seededPiiPdf(output: string): Promise<void> {
  const doc = await PDFDocument.create();
  doc.setTitle('Patient record of Jonathan Whitfield');
  doc.setAuthor('Margaret Oyelaran');
  doc.setSubject('SSN 372-58-1946');
  doc.setKeywords(['jonathan.whitfield@example.com']);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = [...ORDINARY_TEXT.slice(0, 3), ...PII_LINES, ...ORDINARY_TEXT.slice(3)];
  // a light pattern image behind the SSN line: blanked pixels show up as a changed image
  const image = await doc.embedPng(
    await sharp({ create: { width: 400, height: 40, channels: 3, background: { r: 200, g: 220, b: 255 } } })
      .png()
      .toBuffer(),
  );
  lines.forEach((line, index) => {
    const y = 740 - index * 24;
    if (line === ITEM_OVER_IMAGE) page.drawImage(image, { x: 50, y: y - 8, width: 300, height: 30 });
    page.drawText(line, { x: 60, y, size: 12, font, color: rgb(0, 0, 0) });
  });
  // a text note annotation holding an email address
  const note = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [500, 700, 520, 720],
    Contents: PDFString.of('Call jonathan.whitfield@example.com about SSN 372-58-1946'),
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(note)]));
  // a form field whose value is a name
  const field = doc.getForm().createTextField('patient');
  field.setText(FORM_FIELD_VALUE);
  field.addToPage(page, { x: 400, y: 40, width: 150, height: 20 });
  await doc.attach(Buffer.from('Patient Jonathan Whitfield SSN 372-58-1946'), 'record.txt', {
    mimeType: 'text/plain',
  });
  doc.addJavaScript('greeting', "app.alert('Jonathan Whitfield');");
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${XMP_SECRET}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const metadata = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  await writeFile(output, await doc.save({ useObjectStreams: false }));
}

/** Every stream uncompressed (qpdf --qdf), as latin1 so byte offsets map to characters. */
export async function uncompressedBytes(path: string, workDir: string): Promise<string> {
  const out = `${workDir}/qdf-${Date.now()}.pdf`;
  await run('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', path, out]).catch(
    () => undefined,
  );
  const { readFile } = await import('node:fs/promises');
  return (await readFile(out)).toString('latin1');
}

/** Where a value could hide in raw PDF bytes: literal, escaped literal, hex string (either case), UTF-16BE hex. */
export function rawForms(value: string): string[] {
  const hex = Buffer.from(value, 'latin1').toString('hex');
  const utf16 = Buffer.from(value, 'utf16le').swap16().toString('hex');
  const escaped = value.replace(/[()\\]/g, (char) => `\\${char}`);
  return [value, escaped, hex, hex.toUpperCase(), utf16, utf16.toUpperCase()];
}

/** Words of a text as a multiset (lower case, punctuation trimmed). */
export function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();
    if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * Word-level quality: recall = seeded PII words gone / seeded PII words; precision = PII words gone /
 * all words gone (a removed ordinary word lowers it).
 */
export function redactionQuality(
  before: string,
  after: string,
  pii: readonly string[],
): { recall: number; precision: number } {
  const piiWords = wordCounts(pii.join(' '));
  const beforeWords = wordCounts(before);
  const afterWords = wordCounts(after);
  let removedPii = 0;
  let totalPii = 0;
  let removedAll = 0;
  for (const [word, count] of beforeWords) {
    const removed = Math.max(0, count - (afterWords.get(word) ?? 0));
    removedAll += removed;
    const seeded = piiWords.get(word) ?? 0;
    totalPii += Math.min(seeded, count);
    removedPii += Math.min(seeded, removed);
  }
  return { recall: removedPii / Math.max(1, totalPii), precision: removedPii / Math.max(1, removedAll) };
}

/** A page with visible text and, in an optional-content group that is OFF, a line holding an SSN and an email. */
export const HIDDEN_LAYER_SECRETS = ['219-09-9999', 'hidden.person@example.net'];

export async function hiddenLayerPdf(output: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Visible paragraph about the annual report.', { x: 60, y: 700, size: 12, font });
  const resources = page.node.Resources();
  const fontDict = resources?.lookup(PDFName.of('Font'));
  const fontName =
    fontDict && 'keys' in fontDict ? String((fontDict as { keys(): PDFName[] }).keys()[0]).slice(1) : 'F1';
  const ocg = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Private notes') }));
  resources?.set(PDFName.of('Properties'), doc.context.obj({ oc1: ocg }));
  const hidden = `/OC /oc1 BDC BT /${fontName} 12 Tf 60 650 Td (SSN ${HIDDEN_LAYER_SECRETS[0]} mail ${HIDDEN_LAYER_SECRETS[1]}) Tj ET EMC`;
  page.node.addContentStream(doc.context.register(doc.context.stream(hidden)));
  doc.catalog.set(
    PDFName.of('OCProperties'),
    doc.context.obj({ OCGs: [ocg], D: { OFF: [ocg], Order: [ocg] } }),
  );
  await writeFile(output, await doc.save({ useObjectStreams: false }));
}
