/**
 * Removes a PDF's active content with MuPDF (runs inside a MuPDF worker thread): JavaScript (document
 * scripts in the Names tree, and every JavaScript action), Launch and ImportData actions wherever an
 * action can sit (OpenAction, A, AA triggers, Next chains of outlines, links, fields and pages), and
 * embedded files that are programs. Other attachments stay: e-invoices (Factur-X, ZUGFeRD) carry
 * their XML as an embedded file, and a document's attachments are part of its content.
 *
 * Every object of the file is visited rather than the places a viewer looks first, so an action hidden
 * in an unusual spot is found too; the file is rewritten (unreferenced objects dropped) only when
 * something was removed.
 */
import type * as Mupdf from 'mupdf';

const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute']);
/** Keys whose value is an action. */
const ACTION_KEYS = ['A', 'OpenAction', 'PA'];
const PROGRAM_EXTENSIONS =
  /\.(exe|dll|com|scr|msi|msp|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|cpl|pif|jar|sh|bash|app|apk|lnk|reg|elf|so|dylib|deb|rpm|run|bin|appimage)$/i;
/** Windows PE, ELF, Mach-O (both byte orders, 32/64 bit, universal) and '#!' scripts. */
const PROGRAM_MAGIC = [
  Buffer.from('MZ'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
  Buffer.from('#!'),
];

/** resolve() of MuPDF's shared null object throws (it belongs to no document). */
const resolved = (value: Mupdf.PDFObject): Mupdf.PDFObject => (value.isNull() ? value : value.resolve());

function isActiveAction(value: Mupdf.PDFObject): boolean {
  const action = resolved(value);
  if (!action.isDictionary()) return false;
  const type = action.get('S');
  return type.isName() && ACTIVE_ACTIONS.has(type.asName());
}

function keysOf(dict: Mupdf.PDFObject): string[] {
  const keys: string[] = [];
  dict.forEach((_value, key) => {
    keys.push(String(key));
  });
  return keys;
}

function fileNameOf(filespec: Mupdf.PDFObject): string {
  for (const key of ['UF', 'F']) {
    const name = filespec.get(key);
    if (name.isString()) return name.asString();
  }
  return '';
}

function isProgram(filespec: Mupdf.PDFObject): boolean {
  if (PROGRAM_EXTENSIONS.test(fileNameOf(filespec))) return true;
  const streams = filespec.get('EF');
  let program = false;
  streams.forEach((stream) => {
    if (program || !stream.isStream()) return;
    try {
      const bytes = stream.readStream();
      const head = Buffer.from(bytes.asUint8Array().subarray(0, 8));
      bytes.destroy();
      program = PROGRAM_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic));
    } catch {
      program = true; // a stream MuPDF cannot decode cannot be shown to be harmless
    }
  });
  return program;
}

interface Scrub {
  removed: number;
  /** Filespec objects whose program was dropped: their Names tree entries go too. */
  droppedFiles: Set<number>;
  /** A filespec written inside its name tree (as Ghostscript writes them) lost its program. */
  droppedDirect: boolean;
}

function scrubDict(dict: Mupdf.PDFObject, scrub: Scrub, ownNumber: number | undefined): void {
  for (const key of ACTION_KEYS) {
    if (isActiveAction(dict.get(key))) {
      dict.delete(key);
      scrub.removed++;
    }
  }
  const next = dict.get('Next');
  if (next.isDictionary() || next.isIndirect()) {
    if (isActiveAction(next)) {
      dict.delete('Next');
      scrub.removed++;
    }
  } else if (next.isArray()) {
    for (let index = next.length - 1; index >= 0; index--) {
      if (isActiveAction(next.get(index))) {
        next.delete(index);
        scrub.removed++;
      }
    }
  }
  const triggers = resolved(dict.get('AA'));
  if (triggers.isDictionary()) {
    for (const key of keysOf(triggers)) {
      if (isActiveAction(triggers.get(key))) {
        triggers.delete(key);
        scrub.removed++;
      }
    }
  }
  // The document's scripts: /Names << /JavaScript <name tree> >> (an action's JS is a string or stream)
  const scripts = resolved(dict.get('JavaScript'));
  if (scripts.isDictionary() && (!scripts.get('Names').isNull() || !scripts.get('Kids').isNull())) {
    dict.delete('JavaScript');
    scrub.removed++;
  }
  if (!dict.get('EF').isNull() && isProgram(dict)) {
    dict.delete('EF');
    dict.delete('RF');
    if (ownNumber !== undefined) scrub.droppedFiles.add(ownNumber);
    else scrub.droppedDirect = true;
    scrub.removed++;
  }
}

type DictVisitor = (dict: Mupdf.PDFObject, ownNumber: number | undefined) => void;

/** Calls `fn` for `value` and the direct dictionaries inside it (indirect ones are visited on their own). */
function visit(value: Mupdf.PDFObject, fn: DictVisitor, ownNumber?: number, depth = 0): void {
  if (depth > 64) return;
  if (value.isDictionary()) fn(value, ownNumber);
  if (value.isDictionary() || value.isArray()) {
    value.forEach((child) => {
      if (!child.isIndirect()) visit(child, fn, undefined, depth + 1);
    });
  }
}

/** Every dictionary of the file: the trailer's and each object's, with what they hold directly. */
function visitAll(doc: Mupdf.PDFDocument, fn: DictVisitor): void {
  visit(doc.getTrailer(), fn);
  for (let number = 1; number < doc.countObjects(); number++) {
    // an object stream or a free slot resolves to null; a stream's dictionary is visited too
    visit(resolved(doc.newIndirect(number)), fn, number);
  }
}

/** A filespec written in place that embeds nothing (any more): an attachment entry without a file. */
const isEmptyDirectFilespec = (value: Mupdf.PDFObject): boolean =>
  value.isDictionary() &&
  !value.isIndirect() &&
  value.get('Type').isName() &&
  value.get('Type').asName() === 'Filespec' &&
  value.get('EF').isNull() &&
  value.get('RF').isNull();

/** Drops `[name filespec]` pairs of name trees whose filespec lost its program. */
function dropFileEntries(dict: Mupdf.PDFObject, scrub: Scrub): void {
  const names = dict.get('Names');
  if (!names.isArray()) return;
  for (let index = names.length - 1; index >= 1; index -= 2) {
    const value = names.get(index);
    const indirectDropped = value.isIndirect() && scrub.droppedFiles.has(value.asIndirect());
    // a direct filespec has no number to remember: left without a file, its entry would still list
    // the program as an attachment (qpdf warns about it)
    if (indirectDropped || (scrub.droppedDirect && isEmptyDirectFilespec(value))) {
      names.delete(index);
      names.delete(index - 1);
    }
  }
}

/** Removes the active content of `doc` in place; returns how many items were removed. */
export function stripActiveContent(doc: Mupdf.PDFDocument): number {
  const scrub: Scrub = { removed: 0, droppedFiles: new Set(), droppedDirect: false };
  visitAll(doc, (dict, ownNumber) => scrubDict(dict, scrub, ownNumber));
  if (scrub.droppedFiles.size > 0 || scrub.droppedDirect)
    visitAll(doc, (dict) => dropFileEntries(dict, scrub));
  return scrub.removed;
}

/**
 * The rewritten file, without the objects nothing refers to any more (the removed scripts).
 * `garbage=yes`, not `compact`/`deduplicate`: once every object has been resolved (as the scrub does),
 * MuPDF's renumbering of a file with object streams points image XObjects at the wrong objects
 * (poppler: "XObject 'X0' is wrong type"); dropping unused objects without renumbering is safe.
 */
export function saveWithoutUnusedObjects(doc: Mupdf.PDFDocument): Buffer {
  const saved = doc.saveToBuffer('garbage=yes,compress=yes');
  try {
    return Buffer.from(saved.asUint8Array());
  } finally {
    saved.destroy();
  }
}
