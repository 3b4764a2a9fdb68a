/** Schema of zip.routes.ts: a set of stored files downloaded as one ZIP. */
import { type Static, Type } from 'typebox';
import { errorResponse, errorResponses, optionalBearer } from '../openapi/responses';

/** A split of a long document gives hundreds of parts; the request line still has to fit. */
export const MAX_ZIP_FILES = 1000;

export const ZipQuery = Type.Object({
  files: Type.String({
    minLength: 1,
    maxLength: 64_000,
    description:
      "Comma-separated FileIds, in the order of the archive. With DOWNLOADS_REQUIRE_OWNER and no owner bearer, each entry is FileId.expires.signature, taken from that file's signed result Url.",
  }),
  name: Type.Optional(
    Type.String({ maxLength: 200, description: "The archive's file name ('results.zip' by default)." }),
  ),
});
export type ZipQuery = Static<typeof ZipQuery>;

export const zipSchema = {
  summary: 'Download several stored files as one ZIP',
  description: `Streams a ZIP archive of up to ${MAX_ZIP_FILES} stored files (a split's parts, every result of a run), each decrypted as it is written. The same checks as a single download apply to every file: the FileId grants it, or with DOWNLOADS_REQUIRE_OWNER the owner bearer or the file's own link signature; one unknown, expired or foreign file makes the whole answer 404. Names repeated in the set get ' (2)', ' (3)' … before the extension.`,
  tags: ['Files'],
  operationId: 'downloadZip',
  security: optionalBearer,
  querystring: ZipQuery,
  response: {
    200: {
      description: 'The ZIP archive, with Content-Disposition naming it',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errorResponses(401),
    400: errorResponse(400, 'No FileId, or more than the allowed number of files'),
    404: errorResponse(
      404,
      'A file is unknown, expired, or not yours when downloads require the owner (Code 5009)',
    ),
  },
};
