/**
 * A PDF carrying active content, for the tests of its removal: an /OpenAction JavaScript, a document
 * script in the Names tree, a /Launch link on page 1, an embedded Windows program (tool.exe, real
 * 'MZ' bytes) and a harmless XML attachment (which must stay, as e-invoices need theirs).
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { runEngine } from '../engines/run-engine';

export async function pdfWithActiveContent(pageCount = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pageCount; index++) {
    doc.addPage([300, 300]).drawText(`Page ${index + 1}`, { x: 60, y: 150, size: 28, font });
  }
  const context = doc.context;
  doc.catalog.set(
    PDFName.of('OpenAction'),
    context.register(
      context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('opened');") }),
    ),
  );
  doc.addJavaScript('init', "app.alert('document script');");
  const launch = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 120, 60],
    Border: [0, 0, 0],
    A: { S: 'Launch', F: PDFString.of('cmd.exe') },
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), context.obj([context.register(launch)]));
  const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(256, 7)]);
  await doc.attach(program, 'tool.exe', { mimeType: 'application/x-msdownload' });
  await doc.attach(Buffer.from('<invoice total="42"/>'), 'factur-x.xml', { mimeType: 'text/xml' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export interface ActiveContentFound {
  javaScript: boolean;
  launch: boolean;
  attachments: string[];
}

/** What qpdf sees in the file: any JavaScript or Launch object, and the attachments' names. */
export async function activeContentIn(path: string, password?: string): Promise<ActiveContentFound> {
  const passwordArgs = password ? [`--password=${password}`] : [];
  const { stdout } = await runEngine('qpdf', [...passwordArgs, '--json', '--json-stream-data=none', path], {
    timeoutMs: 30_000,
  });
  const json = stdout.toString('utf8');
  const listed = await runEngine('qpdf', [...passwordArgs, '--list-attachments', path], {
    timeoutMs: 30_000,
  });
  const attachments = listed.stdout
    .toString('utf8')
    .split('\n')
    .map((line) => /^(\S+) ->/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  return {
    javaScript: json.includes('"/JavaScript"'),
    launch: json.includes('"/Launch"'),
    attachments,
  };
}
