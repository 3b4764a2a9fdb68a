/** Schema of ocr-languages.routes.ts: the OCR languages installed on this server. */
import { jsonResponse, noToken } from '../openapi/responses';

export const ocrLanguagesSchema = {
  summary: 'The OCR languages this server reads',
  description:
    "Every Tesseract language installed on this server, each with the code to send as Language to pdf/to/ocr and pdf/to/txt: the spec's 27 first (Listed: true, in the spec's order), then the others by name. Codes are not case-sensitive; ISO 639-1, 639-2 and 639-3 codes of an installed language are taken too ('fr', 'fre', 'fra').",
  tags: ['Conversion'],
  operationId: 'listOcrLanguages',
  security: noToken,
  response: {
    200: jsonResponse('The installed OCR languages', {
      type: 'object',
      required: ['Languages'],
      properties: {
        Languages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['Code', 'Name', 'Listed'],
            properties: {
              Code: { type: 'string', description: "The Language value ('fr', 'sr-latn')." },
              Name: { type: 'string', description: "English name ('French', 'Serbian (Latin)')." },
              Listed: { type: 'boolean', description: "One of the spec's 27 languages." },
            },
          },
        },
      },
    }),
  },
};
