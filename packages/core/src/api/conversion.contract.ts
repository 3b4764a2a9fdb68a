/**
 * The wire contract the SDK and the conversion server share (DESIGN.md, "Contract"), written once:
 * the provider's error codes and the answer bodies as the server writes them. The server re-exports
 * these from its `contract` layer; the SDK reads the same bodies leniently (conversion.types.ts).
 */

/** Error codes in the provider's numbering, plus this server's codes for what the provider's list does not name. */
export const ErrorCode = {
  ParameterValidation: 4000,
  CredentialsMissing: 4010,
  CredentialsInvalid: 4011,
  CredentialsExpired: 4012,
  /** A signed-out token (on the deny list): within the contract's 4010-4015 credentials range. */
  CredentialsRevoked: 4013,
  Timeout: 5000,
  ConversionFailed: 5001,
  DamagedFile: 5002,
  PasswordProtected: 5003,
  InvalidUrl: 5005,
  InvalidPassword: 5006,
  RemoteDownloadFailed: 5007,
  InvalidFileId: 5009,
  // Codes of this server for conditions the provider's list does not name.
  OriginNotAllowed: 4030,
  UnknownConverter: 4040,
  FileTooLarge: 4130,
  UnsupportedFileType: 4150,
  QueueFull: 4290,
  RateLimited: 4291,
  NotReady: 5030,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every error answer: `{Code, Message, InvalidParameters?}` (per-parameter messages of a 4000). */
export interface ErrorBody {
  Code: number;
  Message: string;
  InvalidParameters?: Record<string, string[]>;
}

/** One result file of a conversion answer (`Files[i]`). */
export interface ResultFileBody {
  FileName: string;
  FileExt: string;
  FileSize: number;
  FileId?: string;
  Url?: string;
  /** Base64 of the file when StoreFile=false (the provider's inline answer). */
  FileData?: string;
}

/**
 * The media type of a conversion answer streamed as its results are stored (`Accept:
 * application/x-ndjson`): one `streamedResultLine` per result stored ahead of the others, then the
 * answer, or `{Status, Code, Message}` when it failed after the first line.
 */
export const STREAMED_ANSWER_TYPE = 'application/x-ndjson';

/** One line of a streamed answer: a result stored ahead of the others, `index` its place in `Files`. */
export const streamedResultLine = (index: number, file: ResultFileBody): string =>
  `${JSON.stringify({ Index: index, File: file })}\n`;

/** The answer of a conversion: `{ConversionCost, ConversionTime, Files}`. */
export interface ConversionAnswerBody {
  ConversionCost: number;
  /** Whole seconds, at least 1. */
  ConversionTime: number;
  Files: ResultFileBody[];
}
