/**
 * pdf/to/protect: AES-256 (R6) encryption with qpdf. UserPassword (required) is needed to open the
 * file. OwnerPassword is optional; when absent it is the UserPassword, so the user's one password
 * also gives full (owner) rights: a random owner password nobody knows would protect nothing more
 * (no permission is restricted) and would lock the user out of their own file's owner rights.
 * The catalogue's workflow-only EncryptionLevel may ask for 128bit AES instead (40bit is refused).
 * Passwords reach qpdf through a 0600 job file, never the process list (engines/qpdf.ts).
 */
import { join, parse } from 'node:path';
import { PASSWORD_MAX_LENGTH, type ToolParameters } from '@docstudio/core';
import { invalidParameters, passwordProtected } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { encryptPdf } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import {
  type ParameterReading,
  readCatalogue,
  type SentParameters,
  withServerProblems,
} from '../tool-parameters';

const ENDPOINT = 'pdf/to/protect';

/**
 * R6 keeps at most 127 bytes of a UTF-8 password; the catalogue counts characters, so a password of
 * accented or non-Latin characters could pass it and still be silently cut. Checked here in bytes.
 */
function passwordTooLong(value: string | undefined): boolean {
  return value !== undefined && Buffer.byteLength(value, 'utf8') > PASSWORD_MAX_LENGTH;
}

/**
 * Rules this server adds to the catalogue's: byte length, and the catalogue's workflow-only
 * EncryptionLevel '40bit' refused (RC4-40 is broken and would protect nothing).
 */
function serverProblems(params: SentParameters): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const field of ['UserPassword', 'OwnerPassword']) {
    if (passwordTooLong(params[field]))
      errors[field] = [`${field} must be at most ${PASSWORD_MAX_LENGTH} bytes long.`];
  }
  if (params.EncryptionLevel?.trim().toLowerCase() === '40bit') {
    errors.EncryptionLevel = ['40-bit RC4 encryption is broken and is not offered: choose 128bit or 256bit.'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

type ProtectParameters = ToolParameters<'pdf-protect'>;

/** The catalogue's reading, and this server's rules on the fields the catalogue let through. */
export const readProtectParameters = (sent: SentParameters): ParameterReading<ProtectParameters> =>
  withServerProblems(readCatalogue('pdf-protect', sent), serverProblems(sent));

async function protectPdf(ctx: ConverterContext<ProtectParameters>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  if (facts.encrypted) {
    // Opens without a password but carries owner restrictions: re-encrypting would need its owner password.
    throw passwordProtected(
      'The file is already encrypted. Remove its protection first, then protect it again.',
    );
  }
  const userPassword = ctx.params.UserPassword;
  const owner = ctx.params.OwnerPassword;
  const ownerPassword = owner && owner.trim() !== '' ? owner : userPassword;
  const output = join(ctx.workDir, 'result-protected.pdf');
  await encryptPdf(file.path, output, {
    userPassword,
    ownerPassword,
    keyBits: ctx.params.EncryptionLevel === '128bit' ? 128 : 256,
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-protected.pdf` }];
}

export const pdfProtectConverter: Converter<ProtectParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  readParameters: readProtectParameters,
  convert: protectPdf,
};
