export { ConversionClient, type ConversionClientOptions, type TokenSource } from './conversion.client';
export {
  type ConversionAnswerBody,
  type ErrorBody,
  ErrorCode,
  type ErrorCodeValue,
  type ResultFileBody,
  STREAMED_ANSWER_TYPE,
  streamedResultLine,
} from './conversion.contract';
export {
  AbortError,
  ConversionError,
  ConversionInputError,
  DocstudioError,
  isAbortError,
  NetworkError,
} from './conversion.errors';
export {
  buildConversionForm,
  type ConversionFormInput,
  type ConversionFormOptions,
  isOptionShown,
  type OptionValue,
  type OptionValues,
  optionFieldValue,
  resolveToolEndpoint,
} from './conversion.form';
export {
  parseConversionAnswer,
  parseErrorAnswer,
  parseJobId,
  parseServerRunAnswer,
  parseUploadAnswer,
  readFieldErrors,
} from './conversion.response';
export type {
  ConversionFile,
  ConversionForm,
  ConversionInput,
  ConversionResult,
  ConvertOptions,
  FormFilePart,
  FormValue,
  RequestOptions,
  ServerRunResult,
  ServerRunStep,
  StoredFileReference,
  UploadedFile,
  UploadProgress,
} from './conversion.types';
export {
  createFetchTransport,
  createXhrTransport,
  defaultTransport,
  type FetchLike,
  type HttpAnswer,
  type HttpRequest,
  type HttpTransport,
} from './http.transport';
export { encodeMultipart } from './multipart.encoder';
export { type OcrLanguageChoice, parseOcrLanguages } from './ocr-languages';
export {
  parseRedactionPreview,
  type RedactionPreview,
  type RedactionPreviewBox,
  type RedactionPreviewPage,
} from './redaction-preview';
export { resultZipName, resultZipUrl } from './result-zip';
