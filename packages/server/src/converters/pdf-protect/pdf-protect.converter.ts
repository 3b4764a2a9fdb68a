/**
 * pdf/to/protect: AES-256 (R6) encryption with qpdf. UserPassword (required) is needed to open the
 * file. OwnerPassword is optional; when absent it is the UserPassword, so the user's one password
 * also gives full (owner) rights: a random owner password nobody knows would protect nothing more
 * (no permission is restricted) and would lock the user out of their own file's owner rights.
 * Passwords reach qpdf through a 0600 job file, never the process list (engines/qpdf.ts).
 */
import { join, parse } from 'node:path';
import { DEFAULT_ENCRYPTION_LEVEL, ENCRYPTION_LEVELS, PASSWORD_MAX_LENGTH } from '@docstudio/core';
import { inspectPdf } from '../../engines/pdf-inspect';
import { encryptPdf } from '../../engines/qpdf';
import { invalidParameters, passwordProtected } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

/** R6 passwords are UTF-8 cut to 127 bytes (the catalogue's limit): longer ones would silently shorten. */
const MAX_PASSWORD_BYTES = PASSWORD_MAX_LENGTH;

function passwordProblem(label: string, value: string): string | null {
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_BYTES) {
    return `${label} must be at most ${MAX_PASSWORD_BYTES} bytes long.`;
  }
  return null;
}

/**
 * The catalogue's workflow-only EncryptionLevel: 256bit (default) or 128bit AES. 40-bit RC4 is
 * refused: it is broken and would protect nothing. Returns the key size, or the message.
 */
function readKeyBits(params: Readonly<Record<string, string>>): 128 | 256 | string {
  const level = (params.EncryptionLevel ?? DEFAULT_ENCRYPTION_LEVEL).trim().toLowerCase() || DEFAULT_ENCRYPTION_LEVEL;
  if (level === '256bit') return 256;
  if (level === '128bit') return 128;
  if (level === '40bit') return '40-bit RC4 encryption is broken and is not offered: choose 128bit or 256bit.';
  return `EncryptionLevel must be one of ${ENCRYPTION_LEVELS.map((choice) => choice.value).join(', ')}.`;
}

export function validateProtectParameters(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const user = params.UserPassword ?? '';
  if (user.trim() === '') errors.UserPassword = ['User password required'];
  else {
    const problem = passwordProblem('UserPassword', user);
    if (problem) errors.UserPassword = [problem];
  }
  const level = readKeyBits(params);
  if (typeof level === 'string') errors.EncryptionLevel = [level];
  const owner = params.OwnerPassword;
  if (owner !== undefined && owner.trim() !== '') {
    const problem = passwordProblem('OwnerPassword', owner);
    if (problem) errors.OwnerPassword = [problem];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

async function protectPdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateProtectParameters(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  if (facts.encrypted) {
    // Opens without a password but carries owner restrictions: re-encrypting would need its owner password.
    throw passwordProtected('The file is already encrypted. Remove its protection first, then protect it again.');
  }
  const userPassword = ctx.params.UserPassword ?? '';
  const owner = ctx.params.OwnerPassword ?? '';
  const ownerPassword = owner.trim() === '' ? userPassword : owner;
  const output = join(ctx.workDir, 'result-protected.pdf');
  await encryptPdf(file.path, output, {
    userPassword,
    ownerPassword,
    keyBits: readKeyBits(ctx.params) === 128 ? 128 : 256,
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: ctx.deadline,
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-protected.pdf` }];
}

export const pdfProtectConverter: Converter = {
  endpoint: 'pdf/to/protect',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 50 * 1024 * 1024,
  validate: validateProtectParameters,
  convert: protectPdf,
};
