/**
 * The contract between the HTTP layer and one converter module. The HTTP layer parses the request,
 * stores uploads, checks the token, the size limit and the sniffed file type, then hands a converter
 * plaintext copies of the inputs inside a private RAM-backed work folder, with the tool's parameters
 * already read by the converter's own `readParameters` (tool-parameters.ts). A converter runs engines
 * and writes its results into that folder; the HTTP layer encrypts and stores them and deletes the
 * work folder. Converters never see HTTP.
 */
import type { EngineName } from '../config';
import type { SsrfPolicy } from '../security/ssrf';
import type { ParameterReading, SentParameters } from './tool-parameters';

/** An input file as the converter sees it. */
export interface ConverterInputFile {
  /** Absolute path of the plaintext copy inside the work folder. */
  path: string;
  /** The user's file name, e.g. 'report.docx' (already sanitised: no folders). */
  fileName: string;
  /** Lower-case extension without the dot. */
  ext: string;
  size: number;
}

/** `Params`: what the converter's readParameters gives (unknown where any converter's context will do). */
export interface ConverterContext<Params = unknown> {
  /** Files in order: `File` is files[0]; `Files[i]` keep their index order. Empty for Url-only tools. */
  files: ConverterInputFile[];
  /** The `Url` field (web/to/pdf). */
  url?: string;
  /**
   * The tool's parameters as the converter's readParameters read them at the HTTP edge, once:
   * checked, typed, defaults filled in (`ToolParameters<id>`, the catalogue's reading, or what the
   * converter maps it to: a compression preset, WatermarkOptions ...).
   */
  params: Params;
  /** A private folder for this job (mode 0700, deleted when the job ends). Write results here. */
  workDir: string;
  /** Aborted when the job times out or the client goes away; pass it to every engine call. */
  signal: AbortSignal;
  /**
   * When the job's time is up (epoch milliseconds): the signal aborts then. Bound every engine call
   * by the time left (`timeLeftMs(ctx.deadlineAt)`, engines/time-left.ts).
   */
  deadlineAt: number;
  /**
   * The server's SSRF policy for converters that fetch (web/to/pdf), from its config, never from the
   * request. Absent means the strict default: only public addresses.
   */
  urlPolicy?: SsrfPolicy;
  /**
   * Tells the job that the result at `index` of the list convert will answer is complete and final
   * (nothing writes to it again), so it can be stored and announced to a client that streams the
   * answer before the other results exist (pdf/to/jpg, page by page). Converters whose results only
   * exist together never call it; the job stores everything once convert has answered either way.
   */
  onResultReady?: (result: ConverterResultFile, index: number) => void;
}

export interface ConverterResultFile {
  /** Absolute path of the result inside workDir. */
  path: string;
  /** Name the user downloads it as, e.g. 'report.pdf', 'report-1.jpg'. */
  fileName: string;
  /** Extra fields for this file's entry in the answer, e.g. `{ Redaction: {...} }`. */
  report?: Record<string, unknown>;
  /**
   * The file's bytes, when the converter made them in memory and wrote them to `path` itself: what
   * runs after it (the active-content check, the store) takes them instead of reading the file back.
   */
  bytes?: Buffer;
}

/**
 * One tool's converter. `Params` is what its readParameters gives and its convert takes; a table of
 * converters of different tools holds them as `Converter` (unknown params), the edge pairing each
 * reading with its own converter.
 */
export interface Converter<Params = unknown> {
  /** 'pdf/to/compress'; the HTTP route is POST /convert/{endpoint}. */
  endpoint: string;
  engine: EngineName;
  /** How the input arrives: one File, Files[i] (at least minFiles), or Url. */
  input: 'single-file' | 'multi-file' | 'url';
  minFiles?: number;
  /** Accepted input extensions (the sniffer checks bytes match). */
  accepts: readonly string[];
  /** Upload limit in bytes for this endpoint (spec per-tool limits). */
  maxFileSize?: number;
  /**
   * Reads the sent tool fields into the parameters convert takes, before any engine runs: called once
   * per conversion, at the HTTP edge. Problems are per field, keyed by the spec's field names
   * ({ RotatePage: ['RotatePage must be one of 90, 180, 270.'] }).
   */
  readParameters(sent: SentParameters): ParameterReading<Params>;
  convert(ctx: ConverterContext<Params>): Promise<ConverterResultFile[]>;
}
