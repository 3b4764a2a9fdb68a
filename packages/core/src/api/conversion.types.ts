/** The conversion contract as the SDK sees it: camelCase results mapped from the server's PascalCase answer. */

import type { ConversionAnswerBody, ErrorBody, ResultFileBody } from './conversion.contract';

/** One result file of a conversion (`Files[i]` of the answer). */
export interface ConversionFile {
  fileName: string;
  /** Bytes. */
  fileSize: number;
  /** Absolute download address of the stored result. */
  url: string;
  /** Server-side id; a later call may pass it as `File` instead of uploading the bytes again. */
  fileId: string;
  /** Lower-case extension without the dot ('pdf'). */
  fileExt: string;
}

export interface ConversionResult {
  files: ConversionFile[];
  conversionCost: number;
  /** Seconds, as the server reports it. */
  conversionTime: number;
}

/** One step of a workflow run on the server (`Steps[i]` of its job answer). */
export interface ServerRunStep {
  order: number;
  endpoint: string;
  completed: boolean;
  /** Why it failed (a step whose OnError is 'continue' fails without ending the run). */
  message?: string;
  conversions: number;
}

/** A saved workflow's run on the server: the last step's files and every step's outcome. */
export interface ServerRunResult extends ConversionResult {
  steps: ServerRunStep[];
}

/** The answer of `POST upload`. */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  fileExt: string;
}

/**
 * A file the server already holds (a previous result or an upload): sent as its FileId or Url in
 * the `File` field, so a workflow step does not download and re-upload the bytes.
 */
export type StoredFileReference = { fileId: string; url?: string } | { url: string; fileId?: string };

/** What a caller may give as one input file. A `File` keeps its name; a bare Blob is sent as 'file'. */
export type ConversionInput = Blob | StoredFileReference;

/** A file part of the form: the bytes plus the name the server sees. */
export interface FormFilePart {
  blob: Blob;
  fileName: string;
}

export type FormValue = string | FormFilePart;

/** A conversion request ready to send: the endpoint and the ordered form fields. */
export interface ConversionForm {
  /** 'office/to/pdf'; posted to `{apiUrl}/convert/{endpoint}`. */
  endpoint: string;
  fields: Array<[name: string, value: FormValue]>;
}

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes of the whole request body (0 when unknown). */
  total: number;
  /** 0..100, whole numbers. */
  percent: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ConvertOptions extends RequestOptions {
  /**
   * Each result as soon as the server has stored it, before the conversion ends (pdf/to/jpg: page by
   * page, in the order they are done; `index` is its place in the final list). Asks the server to
   * stream its answer; a server or converter that answers all at once calls nothing, and the
   * returned result lists every file either way.
   */
  onFile?: (file: ConversionFile, index: number) => void;
}

/** A conversion answer as read: the contract's body with any field possibly missing. */
export type ConversionResponseDto = Partial<Omit<ConversionAnswerBody, 'Files'>> & {
  Files?: Array<Partial<ResultFileBody>>;
};

/** An error body as read: any field may be missing, and a provider may send one string per parameter. */
export type ErrorResponseDto = Partial<Omit<ErrorBody, 'InvalidParameters'>> & {
  InvalidParameters?: Record<string, string[] | string>;
};
