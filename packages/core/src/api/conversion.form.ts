/**
 * Building a conversion request from a catalogue tool and option values. Pure: the only tool facts
 * used (endpoint, input kind, option names, defaults and sendWhen rules) come from the catalogue.
 */
import { endpointsOf, normalizeEndpoint } from '../catalogue';
import type { ToolDefinition } from '../catalogue/catalogue.tools';
import type { OptionDefinition } from '../catalogue/catalogue.types';
import { ConversionInputError } from './conversion.errors';
import type { ConversionForm, ConversionInput, FormValue } from './conversion.types';

export type OptionValue = string | number | boolean | null | undefined;
export type OptionValues = Readonly<Record<string, OptionValue>>;

export interface ConversionFormInput {
  /** `File` for single-file tools, `Files[i]` in this order for multi-file tools. */
  files?: readonly ConversionInput[];
  /** `Url` for URL tools (web-to-pdf). */
  url?: string;
}

export interface ConversionFormOptions {
  /** One of the tool's endpoints (an alternate such as pdf/to/txt); aliases map to the tool's own. */
  endpoint?: string;
  /** The contract's optional `Timeout` in seconds (10-1200); clamped. */
  timeoutSeconds?: number;
}

/** Field names the input owns; parameters never override them. */
const RESERVED_FIELDS = new Set(['file', 'files', 'url', 'storefile']);

const isReserved = (name: string): boolean => RESERVED_FIELDS.has(name.replace(/\[\d*\]$/, '').toLowerCase());

function isBlank(value: OptionValue): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function asFieldText(value: OptionValue): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value ?? '';
}

const isTrue = (value: OptionValue): boolean =>
  value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

/** The text to send for one option, or undefined when its sendWhen rule says it stays out. */
export function optionFieldValue(option: OptionDefinition, raw: OptionValue): string | undefined {
  const value = raw === undefined ? option.default : raw;
  switch (option.sendWhen) {
    case 'true':
      return isTrue(value) ? 'true' : undefined;
    case 'positive': {
      const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
      return Number.isFinite(n) && n > 0 ? String(n) : undefined;
    }
    case 'not-default':
      return isBlank(value) || asFieldText(value).trim() === 'default'
        ? undefined
        : asFieldText(value).trim();
    case 'not-all':
      return isBlank(value) || asFieldText(value).trim().toLowerCase() === 'all'
        ? undefined
        : asFieldText(value).trim();
    case 'non-blank':
      // Sent as typed: a password may legitimately start or end with a space.
      return isBlank(value) ? undefined : asFieldText(value);
    default:
      if (isBlank(value)) return undefined;
      return asFieldText(value) || undefined;
  }
}

function fileField(input: ConversionInput): FormValue {
  if (input instanceof Blob) {
    const name =
      typeof (input as File).name === 'string' && (input as File).name ? (input as File).name : 'file';
    return { blob: input, fileName: name };
  }
  const reference = input.fileId?.trim() || input.url?.trim();
  if (!reference) throw new ConversionInputError('A stored file reference needs a FileId or a Url');
  return reference;
}

/**
 * The endpoint actually posted: alternates stay (pdf/to/txt), workflow spellings (pdf/merge,
 * pdf/to/excel) map to the tool page's endpoint, which is the one the provider serves.
 */
export function resolveToolEndpoint(tool: ToolDefinition, requested?: string): string {
  if (!requested) return tool.endpoint;
  const wanted = normalizeEndpoint(requested);
  if (wanted && tool.alternateEndpoints?.includes(wanted)) return wanted;
  if (wanted && endpointsOf(tool).includes(wanted)) return tool.endpoint;
  throw new ConversionInputError(`Endpoint ${requested} does not belong to ${tool.title}`);
}

/** An option with `shownWhen` applies only while its controlling option has one of the listed values. */
export function isOptionShown(tool: ToolDefinition, option: OptionDefinition, values: OptionValues): boolean {
  if (!option.shownWhen) return true;
  const controller = tool.options.find((o) => o.name === option.shownWhen?.option);
  const raw = values[option.shownWhen.option] ?? controller?.default;
  return option.shownWhen.oneOf.includes(asFieldText(raw ?? '').trim());
}

function inputFields(tool: ToolDefinition, input: ConversionFormInput): Array<[string, FormValue]> {
  const files = input.files ?? [];
  if (tool.input === 'url') {
    const url = input.url?.trim() ?? '';
    if (!url) throw new ConversionInputError(tool.texts.urlRequiredMessage ?? 'Please enter a URL');
    return [['Url', url]];
  }
  if (tool.input === 'single-file') {
    if (files.length === 0)
      throw new ConversionInputError(tool.texts.missingFileMessage ?? 'Please upload a file');
    if (files.length > 1) throw new ConversionInputError('This tool accepts only one file');
    return [['File', fileField(files[0] as ConversionInput)]];
  }
  const minimum = Math.max(1, tool.accept.minFiles ?? 1);
  if (files.length < minimum) {
    throw new ConversionInputError(
      tool.texts.missingFileMessage ??
        (minimum > 1 ? `Please upload at least ${minimum} files` : 'Please upload at least one file'),
    );
  }
  return files.map((file, index): [string, FormValue] => [`Files[${index}]`, fileField(file)]);
}

/**
 * The multipart fields of one conversion: the input, each shown option by its sendWhen rule (unset
 * values fall back to the catalogue default), any extra non-blank parameter the catalogue does not list
 * (workflow steps may carry them; the server validates), then `StoreFile=true`.
 */
export function buildConversionForm(
  tool: ToolDefinition,
  values: OptionValues,
  input: ConversionFormInput,
  options: ConversionFormOptions = {},
): ConversionForm {
  const endpoint = resolveToolEndpoint(tool, options.endpoint);
  const fields = inputFields(tool, input);
  const known = new Set<string>();
  for (const option of tool.options) {
    known.add(option.name);
    if (isReserved(option.name) || !isOptionShown(tool, option, values)) continue;
    const text = optionFieldValue(option, values[option.name]);
    if (text !== undefined) fields.push([option.name, text]);
  }
  for (const [name, value] of Object.entries(values)) {
    if (known.has(name) || isReserved(name) || isBlank(value)) continue;
    const text = asFieldText(value);
    if (text) fields.push([name, text]);
  }
  fields.push(['StoreFile', 'true']);
  if (options.timeoutSeconds !== undefined && Number.isFinite(options.timeoutSeconds)) {
    fields.push(['Timeout', String(Math.min(1200, Math.max(10, Math.round(options.timeoutSeconds))))]);
  }
  return { endpoint, fields };
}
