/**
 * Ghostscript (pdfwrite) for the lossy PDF tools: image downsampling compression and PDF/A output.
 * Always -dSAFER (no file access beyond what is granted), -dBATCH -dNOPAUSE. Callers pass only
 * PDFs that inspectPdf accepted and that start with `%PDF-` at their first byte (qpdf's rewrite when
 * the upload does not): Ghostscript interprets such a file as PDF, anything else as PostScript, so a
 * PostScript polyglot uploaded as .pdf is never run. The only PostScript Ghostscript runs is the
 * PDF/A definition this module writes itself.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { conversionFailed, DomainError, damagedFile } from '../contract/errors';
import { EngineExitError, runEngine } from './run-engine';

export interface GhostscriptOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /**
   * Read the PDF with Ghostscript's former, PostScript-written PDF interpreter (-dNEWPDF=false) instead
   * of the C one 10.x uses by default: the new one rewrites some ToUnicode maps wrongly (cidrange
   * entries), the former keeps them. The callers check the text and retry with this.
   */
  legacyInterpreter?: boolean;
}

/** The sRGB profile of the Debian ghostscript package: PDF/A's OutputIntent needs an ICC profile. */
export const SRGB_ICC_PROFILE = '/usr/share/color/icc/ghostscript/srgb.icc';

/** Ghostscript reads '%d' in -sOutputFile as a page-number pattern: a literal '%' must be doubled. */
const outputFileArg = (path: string): string => path.replaceAll('%', '%%');

/** Out of memory, disk or file handles: the server's trouble, not the document's. */
const SERVER_TROUBLE = /VMerror|no space|ENOSPC|out of memory|too many open files|permission denied/i;

async function runGhostscript(args: readonly string[], options: GhostscriptOptions): Promise<void> {
  try {
    await runEngine(
      'gs',
      [
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-dQUIET',
        '-dNOINTERPOLATE',
        '-sstdout=%stderr',
        ...(options.legacyInterpreter ? ['-dNEWPDF=false'] : []),
        ...args,
      ],
      options,
    );
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Its text (which names the work folder's files) stays out of the answer.
    if (error instanceof EngineExitError) {
      if (SERVER_TROUBLE.test(error.stderr)) throw conversionFailed('Ghostscript could not process the PDF.');
      // The input passed qpdf's repair: what Ghostscript still cannot interpret is the document's damage.
      throw damagedFile(
        'The PDF is damaged: some of its pages cannot be interpreted (a broken page size, font or content stream).',
      );
    }
    throw error;
  }
}

export interface DownsampleOptions extends GhostscriptOptions {
  /** Only these pages (1-based, ascending), in that order: the output has just them. */
  pages?: readonly number[];
}

/**
 * Rewrites a PDF with its colour and grey images downsampled to `dpi` (averaging the pixels each new
 * one covers, as Ghostscript's own presets do: bicubic took ~10 % longer on scans for sizes within a
 * few per cent either way; only images above 1.5 x dpi are touched). Bilevel (scanned text) images keep at least
 * 300 DPI: they compress well and become unreadable below that. Fonts are subset and compressed.
 */
export async function downsamplePdf(
  input: string,
  output: string,
  dpi: number,
  options: DownsampleOptions,
): Promise<void> {
  const mono = Math.max(dpi, 300);
  const pages = options.pages ? [`-sPageList=${options.pages.join(',')}`] : [];
  const base = dpi <= 75 ? '/screen' : dpi <= 150 ? '/ebook' : '/printer';
  await runGhostscript(
    [
      '-sDEVICE=pdfwrite',
      '-dCompatibilityLevel=1.6',
      `-dPDFSETTINGS=${base}`,
      '-dDetectDuplicateImages=true',
      '-dCompressFonts=true',
      '-dSubsetFonts=true',
      '-dDownsampleColorImages=true',
      '-dDownsampleGrayImages=true',
      '-dDownsampleMonoImages=true',
      '-dColorImageDownsampleType=/Average',
      '-dGrayImageDownsampleType=/Average',
      `-dColorImageResolution=${dpi}`,
      `-dGrayImageResolution=${dpi}`,
      `-dMonoImageResolution=${mono}`,
      ...pages,
      `-sOutputFile=${outputFileArg(output)}`,
      '-f',
      input,
    ],
    options,
  );
}

export type PdfaPart = 1 | 2 | 3;

/** PostScript string literal in hex, so no character of a path can break out of it. */
function psHexString(text: string): string {
  return `<${Buffer.from(text, 'latin1').toString('hex')}>`;
}

/**
 * The PDF/A definition file: an sRGB ICC profile as the GTS_PDFA1 OutputIntent (what Ghostscript's
 * lib/PDFA_def.ps does, without its placeholder Title, which would replace the document's own).
 */
function pdfaDefinition(iccProfile: string): string {
  return [
    '%!',
    `/ICCProfile ${psHexString(iccProfile)} def`,
    '[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark',
    '[{icc_PDFA} << /N 3 >> /PUT pdfmark',
    '[{icc_PDFA} ICCProfile (r) file /PUT pdfmark',
    '[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark',
    '[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA}',
    '  /OutputConditionIdentifier (sRGB) /Info (sRGB IEC61966-2.1) >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark',
    '',
  ].join('\n');
}

/**
 * Converts to PDF/A-`part` level B: colours to sRGB with an sRGB OutputIntent, every font embedded,
 * XMP metadata with pdfaid. Features PDF/A forbids are dropped rather than failing
 * (PDFACompatibilityPolicy=1). The definition file goes into the job's private work folder.
 */
export async function convertToPdfa(
  input: string,
  output: string,
  part: PdfaPart,
  options: GhostscriptOptions & { workDir: string },
): Promise<void> {
  const definition = join(options.workDir, 'PDFA_def.ps');
  await writeFile(definition, pdfaDefinition(SRGB_ICC_PROFILE), { mode: 0o600 });
  await runGhostscript(
    [
      `--permit-file-read=${SRGB_ICC_PROFILE}`,
      '-sDEVICE=pdfwrite',
      `-dPDFA=${part}`,
      '-dPDFACompatibilityPolicy=1',
      '-sColorConversionStrategy=RGB',
      '-dEmbedAllFonts=true',
      '-dSubsetFonts=true',
      // pdfwrite turns pages to where their text reads upright by default: a landscape page stored
      // sideways with /Rotate came out portrait, sideways to the reader
      '-dAutoRotatePages=/None',
      `-sOutputFile=${outputFileArg(output)}`,
      definition,
      '-f',
      input,
    ],
    options,
  );
}
