/**
 * GET /api/ocr/languages: the OCR languages installed on this server, so pickers can offer more than
 * the spec's 27. Public like the API document (it says which Debian packages are installed, nothing
 * about users); the list is built once per process and answered from memory.
 */
import type { FastifyInstance } from 'fastify';
import { installedOcrLanguages } from '../engines/tesseract';
import { ocrLanguagesSchema } from './schemas/ocr-languages.schema';

export function registerOcrLanguagesRoute(app: FastifyInstance): void {
  app.get('/ocr/languages', { schema: ocrLanguagesSchema }, async (_request, reply) => {
    const Languages = (await installedOcrLanguages()).map(({ code, name, listed }) => ({
      Code: code,
      Name: name,
      Listed: listed,
    }));
    // the list changes only when the server restarts with other packages: let browsers keep it a while
    return reply.header('Cache-Control', 'public, max-age=3600').send({ Languages });
  });
}
