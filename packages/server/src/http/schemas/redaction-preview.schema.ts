/**
 * Schema of redaction-preview.routes.ts: POST /redact/preview, the dry run of pdf/to/redact. Its form
 * is the redaction's (File, Preset, RedactionColor, RedactionTerms, Timeout), read as convert reads it.
 */
import { pdfRedactConverter } from '../../converters/pdf-redact';
import { conversionFormSchema, conversionRequestBody } from '../openapi/conversion-form';
import { bearer, errorResponse, errorResponses, jsonResponse } from '../openapi/responses';

const number = (description: string) => ({ type: 'number', description });

const previewBox = {
  type: 'object',
  required: ['X', 'Y', 'Width', 'Height', 'Kind'],
  properties: {
    X: number("Points from the page's left edge as the reader sees the page (after its /Rotate)."),
    Y: number("Points from the page's top edge."),
    Width: number('Points.'),
    Height: number('Points.'),
    Kind: {
      type: 'string',
      description:
        "What was found: a detector of the preset (email, phone, ssn, personName …) or 'term' (RedactionTerms, and repeats of what was found elsewhere). The text itself is never answered.",
    },
  },
};

const previewAnswer = {
  type: 'object',
  required: ['Pages', 'Boxes', 'OcrPages'],
  properties: {
    Pages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Page', 'Width', 'Height', 'Boxes'],
        properties: {
          Page: { type: 'integer', minimum: 1 },
          Width: number('The page width in points as the reader sees it.'),
          Height: number('The page height in points.'),
          Boxes: { type: 'array', items: previewBox },
        },
      },
    },
    Boxes: { type: 'integer', description: 'Boxes on all pages.' },
    OcrPages: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Pages without a text layer, read by OCR.',
    },
  },
};

export const redactionPreviewSchema = {
  summary: 'Redaction dry run: the boxes pdf/to/redact would draw, without producing a file',
  description:
    'The same detection as POST /convert/pdf/to/redact on the same form (File as upload, FileId or Url; Preset, RedactionTerms, Timeout), with its size limit, file checks, rate limit and queue. Nothing is stored; StoreFile and Async are ignored.',
  tags: ['Conversion'],
  operationId: 'previewRedaction',
  security: bearer,
  documented: { requestBody: conversionRequestBody(conversionFormSchema(pdfRedactConverter)) },
  response: {
    200: jsonResponse('The boxes per page', previewAnswer),
    ...errorResponses(400, 401, 408, 413, 415, 422, 429, 500, 503, 504),
    404: errorResponse(404, 'Unknown or expired FileId (Code 5009)'),
  },
};
