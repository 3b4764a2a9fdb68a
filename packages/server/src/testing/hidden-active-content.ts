/**
 * Hostile PDFs whose active content hides from a reader of the raw bytes, for the tests of the
 * scrub's pre-check (engines/active-content-precheck.ts): each still carries a JavaScript action
 * that qpdf and MuPDF find.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { runEngine } from '../engines/run-engine';
import { pdfWithActiveContent } from './active-content-pdf';

const QPDF_TIMEOUT_MS = 30_000;

/** `/JavaScript` as `/#4AavaScript`: the same name to every reader, another string of bytes. */
const escapeFirstLetter = (name: string): string =>
  `/#${(name.codePointAt(0) ?? 0).toString(16).toUpperCase()}${name.slice(1)}`;

/**
 * The active-content PDF with every name the scrub looks for written with a #xx escape (through
 * qpdf's QDF form and fix-qdf, so the offsets stay right: no repair is needed to read it).
 */
export async function activeContentWithEscapedNames(workDir: string): Promise<Buffer> {
  const plain = join(workDir, 'escaped-plain.pdf');
  const qdf = join(workDir, 'escaped.qdf');
  await writeFile(plain, await pdfWithActiveContent(2));
  await runEngine('qpdf', ['--qdf', '--object-streams=disable', '--', plain, qdf], {
    timeoutMs: QPDF_TIMEOUT_MS,
  });
  const escaped = (await readFile(qdf, 'latin1')).replace(
    /\/(JavaScript|JS|Launch|EF|EmbeddedFiles|EmbeddedFile)(?=[\s/<>[\]()])/g,
    (_, name: string) => escapeFirstLetter(name),
  );
  const { stdout } = await runEngine('fix-qdf', [], {
    timeoutMs: QPDF_TIMEOUT_MS,
    stdin: Buffer.from(escaped, 'latin1'),
    maxStdout: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The active-content PDF with its objects packed in compressed object streams and a compressed xref. */
export async function activeContentInObjectStreams(workDir: string): Promise<Buffer> {
  const plain = join(workDir, 'objstm-plain.pdf');
  const packed = join(workDir, 'objstm.pdf');
  await writeFile(plain, await pdfWithActiveContent(2));
  await runEngine('qpdf', ['--object-streams=generate', '--', plain, packed], { timeoutMs: QPDF_TIMEOUT_MS });
  return readFile(packed);
}

/** One xref-stream row: type, field 2 (4 bytes), field 3 (2 bytes). */
function xrefRow(type: number, second: number, third: number): Buffer {
  const row = Buffer.alloc(7);
  row[0] = type;
  row.writeUInt32BE(second, 1);
  row.writeUInt16BE(third, 5);
  return row;
}

export interface UpdateOptions {
  /** How the object stream is encoded: Flate (default) or ASCIIHex (readers decode both). */
  objectStreamFilter?: 'flate' | 'hex';
  /**
   * Leave the update out of the xref chain and bend the catalog's entry of the (valid) table instead,
   * so a reader finds no catalog there and rebuilds the xref by scanning.
   */
  repairOnly?: boolean;
}

/**
 * A clean one-page PDF with an incremental update that replaces its catalog by one with a JavaScript
 * OpenAction, the new catalog packed in an object stream and the update's xref a stream, neither with
 * a /Type: nothing in the bytes names an object stream, an xref stream or JavaScript. With
 * `repairOnly`, the object stream is typed /ObjStm and reachable only by a reader that rebuilds a
 * damaged xref by scanning (as MuPDF does), the chain itself intact.
 */
export async function activeContentInUntypedUpdate(options: UpdateOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const base = Buffer.from(await doc.save({ useObjectStreams: false }));
  const catalog = doc.context.trailerInfo.Root as PDFRef;
  const pages = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const previous = Number(/startxref\s+(\d+)/.exec(base.toString('latin1').slice(-64))?.[1]);
  const streamNumber = doc.context.largestObjectNumber + 1;
  const xrefNumber = streamNumber + 1;
  const header = `${catalog.objectNumber} 0 `;
  const catalogText = `<< /Type /Catalog /Pages ${pages.objectNumber} 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>`;
  const plain = Buffer.from(header + catalogText, 'latin1');
  const hex = options.objectStreamFilter === 'hex';
  const packed = hex ? Buffer.from(`${plain.toString('hex')}>`, 'latin1') : deflateSync(plain);
  const streamAt = base.length + 1;
  const type = options.repairOnly ? '/Type /ObjStm ' : '';
  const objectStream = Buffer.concat([
    Buffer.from(
      `\n${streamNumber} 0 obj\n<< ${type}/N 1 /First ${header.length} /Length ${packed.length} /Filter /${hex ? 'ASCIIHexDecode' : 'FlateDecode'} >>\nstream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  if (options.repairOnly) {
    // pdf-lib writes one subsection from 0, 20 bytes an entry: point the catalog's at byte 9
    const text = base.toString('latin1');
    const entries = text.indexOf('\n', text.lastIndexOf('\nxref\n') + 6) + 1;
    const entry = entries + 20 * catalog.objectNumber;
    const bent = `${text.slice(0, entry)}0000000009${text.slice(entry + 10)}`;
    return Buffer.concat([Buffer.from(bent, 'latin1'), objectStream]);
  }
  const xrefAt = base.length + objectStream.length;
  const rows = deflateSync(
    Buffer.concat([xrefRow(2, streamNumber, 0), xrefRow(1, streamAt, 0), xrefRow(1, xrefAt, 0)]),
  );
  const xrefStream = Buffer.concat([
    Buffer.from(
      `${xrefNumber} 0 obj\n<< /Size ${xrefNumber + 1} /W [1 4 2] /Index [${catalog.objectNumber} 1 ${streamNumber} 2] /Root ${catalog.objectNumber} 0 R /Prev ${previous} /Length ${rows.length} /Filter /FlateDecode >>\nstream\n`,
      'latin1',
    ),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
  return Buffer.concat([base, objectStream, xrefStream]);
}

/** The active-content PDF whose startxref points nowhere: readers rebuild the xref by scanning. */
export async function activeContentWithBrokenXref(): Promise<Buffer> {
  const text = (await pdfWithActiveContent(2)).toString('latin1');
  return Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n999999999'), 'latin1');
}
