/**
 * A converter's input files, checked before any engine runs: the right number of inputs is there,
 * none is empty (400), and each has an accepted extension and bytes that match it (415). The HTTP
 * edge checks what a client sent; a workflow run checks the stored results each later step is fed,
 * which exist only once the step before has ended.
 */
import { DomainError, ErrorCode, invalidParameters } from '../contract/errors';
import type { Converter, ConverterInputFile } from '../converters/converter.types';
import { extensionForKind, kindMatchesExtension, sniffBytes, sniffFile } from '../security/file-sniff';

/** A file received into a job's work folder, before it is checked. */
export interface ReceivedFile {
  /** The form field: 'File' or 'Files[3]'. */
  field: string;
  /** Order key: File is -1, Files[i] is i. */
  index: number;
  path: string;
  fileName: string;
  ext: string;
  size: number;
  /** Its first SNIFF_BYTES bytes when they were seen on the way in: the sniff then reads nothing. */
  head?: Buffer;
}

export type InputProblems = Record<string, string[]>;

/** Missing, surplus and empty inputs, keyed by field ({} when there are none). */
export function inputProblems(
  converter: Converter,
  files: readonly ReceivedFile[],
  url: string | undefined,
): InputProblems {
  const problems: InputProblems = {};
  if (converter.input === 'url') {
    if (!url) problems.Url = ['Url is required.'];
  } else if (converter.input === 'single-file') {
    if (files.length === 0) problems.File = ['File is required.'];
    else if (files.length > 1) problems.File = ['This tool accepts only one file.'];
  } else {
    const min = converter.minFiles ?? 1;
    if (files.length < min)
      problems.Files = [min === 1 ? 'At least one file is required.' : `At least ${min} files are required.`];
  }
  for (const file of files) {
    if (file.size === 0) problems[file.field] = ['The file is empty.'];
  }
  return problems;
}

/** The files as the converter gets them, once their sniffed bytes match an accepted type (else 415). */
export async function acceptInputFiles(
  converter: Converter,
  files: readonly ReceivedFile[],
): Promise<ConverterInputFile[]> {
  const inputs: ConverterInputFile[] = [];
  // read every file's head at once (50 merge inputs: one wait, not fifty); judged in order below
  const kinds = await Promise.all(
    files.map((file) => (file.head ? sniffBytes(file.head) : sniffFile(file.path))),
  );
  for (const [position, file] of files.entries()) {
    const kind = kinds[position] ?? 'unknown';
    const ext = file.ext || extensionForKind(kind) || '';
    const accepted = converter.accepts.length === 0 || converter.accepts.includes(ext);
    if (!accepted) {
      throw new DomainError(
        ErrorCode.UnsupportedFileType,
        `File type must be ${converter.accepts.join(', ')} ('${file.fileName}' is not).`,
      );
    }
    if (!kindMatchesExtension(kind, ext)) {
      throw new DomainError(
        ErrorCode.UnsupportedFileType,
        `'${file.fileName}' is not a valid ${ext.toUpperCase()} file: its content is ${kind}.`,
      );
    }
    const fileName = file.ext ? file.fileName : `${file.fileName}.${ext}`;
    inputs.push({ path: file.path, fileName, ext, size: file.size });
  }
  return inputs;
}

/** Both checks in their order: 400 for missing or empty inputs, then 415 for a wrong type. */
export async function checkInputFiles(
  converter: Converter,
  files: readonly ReceivedFile[],
  url: string | undefined,
): Promise<ConverterInputFile[]> {
  const problems = inputProblems(converter, files, url);
  if (Object.keys(problems).length > 0) throw invalidParameters(problems);
  return acceptInputFiles(converter, files);
}
