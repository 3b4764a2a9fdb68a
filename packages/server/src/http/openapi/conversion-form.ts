/**
 * The provider's request forms for conversions (POST /convert/… and POST /workflows/run/{id}), as
 * the document describes them: the form fields of one converter (from the converter table and the
 * core catalogue's options, so they never disagree with what the server runs), the same form as
 * multipart, urlencoded, JSON (`Parameters` or flat) or the raw file, and the query parameters read
 * together with the body. Described only: the routes read and check them (documented.ts).
 */
import { findToolByEndpoint } from '@docstudio/core';
import type { Converter } from '../../converters/converter.types';
import { componentRef } from './components';
import type { DocumentedParameter, DocumentedRequestBody } from './documented';

const booleanText = { type: 'string', enum: ['true', 'false'] };

/** The form fields every conversion reads. */
const COMMON_FIELDS = {
  StoreFile: {
    ...booleanText,
    default: 'true',
    description: 'false: the answer carries FileData (base64) instead of a stored Url.',
  },
  Timeout: {
    type: 'integer',
    minimum: 10,
    maximum: 1200,
    description: 'Seconds before the job is stopped (504).',
  },
  Async: { ...booleanText, description: 'true: answer 202 {JobId} at once; GET /job/{jobId} then.' },
};

const fileField = (description: string) => ({ type: 'string', format: 'binary', description });

/** The input fields of a converter (or, without one, of any converter). */
function inputFields(converter: Converter | undefined): { properties: object; required: string[] } {
  const url = { type: 'string', format: 'uri', description: 'The web page (web/to/… converters).' };
  const file = fileField('The file, a FileId, or a Url.');
  const files = fileField(`Files[0] … Files[n] (at least ${converter?.minFiles ?? 1}); FileIds or Urls too.`);
  if (!converter) return { properties: { File: file, 'Files[0]': files, Url: url }, required: [] };
  if (converter.input === 'url') return { properties: { Url: url }, required: ['Url'] };
  if (converter.input === 'single-file') return { properties: { File: file }, required: ['File'] };
  return { properties: { 'Files[0]': files }, required: ['Files[0]'] };
}

/**
 * Options whose catalogue list is only what a picker shows first, not what the server takes: OCR
 * reads every installed Tesseract language, listed by GET /ocr/languages.
 */
const OPEN_CHOICES: Record<string, string> = {
  'pdf-ocr.Language':
    "The spec's language codes (examples), or the ISO code of any OCR language installed on this server: GET /ocr/languages lists them. Blank: en.",
};

/** The form of one converter: its input, the common fields and the catalogue's tool options. */
export function conversionFormSchema(converter?: Converter): object {
  const options: Record<string, object> = {};
  const tool = converter ? findToolByEndpoint(converter.endpoint) : undefined;
  for (const option of tool?.options ?? []) {
    const choices = option.options?.map((choice) => choice.value);
    const open = tool ? OPEN_CHOICES[`${tool.id}.${option.name}`] : undefined;
    options[option.name] = {
      type: 'string',
      description: open ? `${option.label}. ${open}` : option.label,
      ...(choices ? (open ? { examples: choices } : { enum: choices }) : {}),
    };
  }
  const input = inputFields(converter);
  return {
    type: 'object',
    properties: { ...input.properties, ...COMMON_FIELDS, ...options },
    ...(input.required.length ? { required: input.required } : {}),
    ...(converter ? {} : { description: "Any converter's form: its input and its tool parameters." }),
  };
}

/** The body of a conversion: the form as multipart or urlencoded, JSON, or the raw file itself. */
export function conversionRequestBody(form: object): DocumentedRequestBody {
  return {
    required: false,
    description:
      "multipart/form-data, urlencoded, JSON (the provider's Parameters array, or a flat object; up to 32 MB), or the raw file of any other type named by Content-Disposition. Every field may be sent in the query string instead.",
    content: {
      'multipart/form-data': { schema: form },
      'application/x-www-form-urlencoded': { schema: form },
      'application/json': { schema: { oneOf: [componentRef('ProviderParameters'), form] } },
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    },
  };
}

const query = (
  name: string,
  description: string,
  schema: object = { type: 'string' },
): DocumentedParameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** Query parameters a conversion reads together with its body (names in any case; a conflict is a 400). */
export const conversionQueryParameters: DocumentedParameter[] = [
  query('StoreFile', COMMON_FIELDS.StoreFile.description, booleanText),
  query('Timeout', 'Seconds (10-1200).', { type: 'integer', minimum: 10, maximum: 1200 }),
  query('Async', COMMON_FIELDS.Async.description, booleanText),
  query('File', 'A FileId or Url; any form field, tool parameters too, may be given in the query.'),
  {
    name: 'Content-Disposition',
    in: 'header',
    required: false,
    description: "Names a raw file body: attachment; filename*=UTF-8''<name>.",
    schema: { type: 'string' },
  },
];
