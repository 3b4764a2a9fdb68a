/**
 * Typed errors of the API layer. Every failure a caller can see is one of these classes, so UI code
 * can branch on `instanceof` instead of parsing messages.
 */

/** Base class of every error the SDK throws on purpose. */
export class DocstudioError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocstudioError';
  }
}

/** The server answered, but not with a usable result (non-OK status or an unreadable answer). */
export class ConversionError extends DocstudioError {
  /** HTTP status (200 when an OK answer could not be read). */
  readonly status: number;
  /** The provider's numeric Code (4000 parameter validation, 5001 conversion failed ...), when sent. */
  readonly code: number | undefined;
  /** Per-parameter messages of a 400 (`InvalidParameters`), keyed by form field name. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  readonly statusText: string;
  /** The server's own Message, when it sent one (the message may otherwise be a fallback text). */
  readonly serverMessage: string | undefined;

  constructor(
    message: string,
    details: {
      status: number;
      statusText?: string;
      code?: number;
      fieldErrors?: Record<string, string[]>;
      serverMessage?: string;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.name = 'ConversionError';
    this.status = details.status;
    this.statusText = details.statusText ?? '';
    this.code = details.code;
    this.fieldErrors = details.fieldErrors ?? {};
    this.serverMessage = details.serverMessage;
  }

  /** True when the server listed per-parameter problems. */
  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

/** The caller aborted the request through its AbortSignal. */
export class AbortError extends DocstudioError {
  constructor(message = 'The request was aborted', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AbortError';
  }
}

/** The server could not be reached (offline, DNS, refused connection, CORS). */
export class NetworkError extends DocstudioError {
  constructor(
    message = 'Network error: the conversion server could not be reached',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** The request could not be built from what the caller gave (no file for a file tool, bad endpoint). */
export class ConversionInputError extends DocstudioError {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionInputError';
  }
}

/** True for an abort, whichever layer raised it (ours, fetch's DOMException, XHR). */
export function isAbortError(error: unknown): boolean {
  if (error instanceof AbortError) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
