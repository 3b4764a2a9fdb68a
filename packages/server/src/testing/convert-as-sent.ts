/**
 * Calls a converter directly, as a conversion job does after the HTTP edge: the sent fields are read
 * once by the converter's `readParameters` (a problem rejects with the 400 the edge answers), then
 * `convert` takes the reading. For tests and benches of one converter.
 */
import { invalidParameters } from '../contract/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converters/converter.types';
import type { ParameterProblems, SentParameters } from '../converters/tool-parameters';

export async function convertAsSent<Params>(
  converter: Converter<Params>,
  ctx: ConverterContext<SentParameters>,
): Promise<ConverterResultFile[]> {
  const reading = converter.readParameters(ctx.params);
  if (!reading.ok) throw invalidParameters(reading.problems);
  return converter.convert({ ...ctx, params: reading.params });
}

/** The problems a request with these tool fields is answered with (400), or null when there are none. */
export function parameterProblems(converter: Converter, sent: SentParameters): ParameterProblems | null {
  const reading = converter.readParameters(sent);
  return reading.ok ? null : reading.problems;
}
