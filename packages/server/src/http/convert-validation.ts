/**
 * Checks a received convert request against its converter before any engine runs: its fields are
 * resolved once (conversion-options.ts), the right inputs are there and none is empty (400, with the
 * fields' problems in the same answer), then each file has an accepted extension and bytes that match
 * it (415). What comes out is the typed request the job runs as it is.
 */
import { invalidParameters } from '../contract/errors';
import type { Converter, ConverterInputFile } from '../converters/converter.types';
import { hasProblems, mergeProblems } from '../converters/tool-parameters';
import type { ConversionOptions } from '../jobs/conversion-input';
import { acceptInputFiles, inputProblems } from '../jobs/input-files';
import { resolveConversionFields } from './conversion-options';
import type { ReceivedRequest } from './convert-inputs';

export interface ValidatedConversion {
  options: ConversionOptions;
  files: ConverterInputFile[];
}

export async function validateConversion(
  converter: Converter,
  received: ReceivedRequest,
): Promise<ValidatedConversion> {
  const { options, timeoutProblems, parameterProblems } = resolveConversionFields(converter, received.fields);
  const problems = mergeProblems(
    timeoutProblems,
    inputProblems(converter, received.files, options.url),
    parameterProblems,
  );
  if (hasProblems(problems)) throw invalidParameters(problems);
  return { options, files: await acceptInputFiles(converter, received.files) };
}
