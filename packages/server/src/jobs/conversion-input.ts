/**
 * A conversion's fields after the HTTP edge has resolved them, once, against its converter: every
 * value here has been checked, so the job and the converter take it as it is and check nothing again.
 */
import type { ConverterInputFile } from '../converters/converter.types';

/** The request's fields for one converter: the reserved ones typed, the tool's own checked. */
export interface ConversionOptions {
  /**
   * The tool's parameters as the converter's `readParameters` read them from every field but
   * StoreFile, Timeout, Async and Url: typed for that converter, which takes them as they are.
   */
  params: unknown;
  /** The `Url` field, trimmed; undefined when absent or blank. */
  url?: string;
  /** `KeepActiveContent=true`: the result keeps its scripts, actions and embedded programs. */
  keepActiveContent: boolean;
  /** The `Timeout` field in seconds (10-1200); undefined when absent, so the caller's default applies. */
  timeoutSeconds?: number;
  /** `Async=true`: answer {JobId} at once. */
  async: boolean;
  /** `StoreFile` (default true): store results, else answer them inline. */
  storeFile: boolean;
}

/** What one converter run takes: checked input files and the checked fields it needs. */
export interface ConversionInput {
  files: ConverterInputFile[];
  url?: string;
  /** The converter's own reading of the tool's fields (ConversionOptions.params). */
  params: unknown;
  keepActiveContent: boolean;
}
