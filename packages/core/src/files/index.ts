export {
  type AcceptSpec,
  acceptTokens,
  checkFiles,
  EMPTY_FILE_MESSAGE,
  effectiveMimeType,
  type FileCheck,
  type FileError,
  type FileErrorCode,
  type FileLike,
  type FileRejection,
  fileErrors,
  INVALID_SIZE_MESSAGE,
  invalidTypeMessage,
  matchesAccept,
  TOO_MANY_FILES_MESSAGE,
  tooLargeMessage,
  tooSmallMessage,
} from './accept.matcher';
export { checkFileCount, rejectionToast, type SelectionProblem, type ToastText } from './file.toasts';
export {
  baseName,
  fileExtension,
  inferMimeType,
  isIgnoredFileName,
  mimeTypeForExtension,
  normalizeMimeType,
} from './mime.types';
