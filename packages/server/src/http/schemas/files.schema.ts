/** Schemas of files.routes.ts and upload.routes.ts: upload, download, delete. */
import { type Static, Type } from 'typebox';
import { componentRef } from '../openapi/components';
import { bearer, errorResponse, errorResponses, jsonResponse, optionalBearer } from '../openapi/responses';

export const UploadQuery = Type.Object({
  filename: Type.Optional(Type.String({ description: 'The file name (wins over Content-Disposition).' })),
  url: Type.Optional(Type.String({ description: 'Store the file at this http(s) URL instead of a body.' })),
});

export const uploadSchema = {
  summary: 'Upload one file for later use as File=<FileId>',
  description:
    'multipart (one file part, any field name), or the raw body of any Content-Type named by ?filename= or Content-Disposition, or ?url= to store a remote file. The token is optional: without one the file belongs to nobody (no DELETE; it expires with retention); with DOWNLOADS_REQUIRE_OWNER it is required.',
  tags: ['Files'],
  operationId: 'uploadFile',
  security: optionalBearer,
  querystring: UploadQuery,
  documented: {
    parameters: [
      {
        name: 'Content-Disposition',
        in: 'header' as const,
        required: false,
        description: "Names a raw body: attachment; filename*=UTF-8''<name>.",
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: false,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { File: { type: 'string', format: 'binary' } } },
        },
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
  response: {
    200: {
      description: '{FileId, FileName, FileExt}; the bare FileId to Accept: text/plain',
      content: {
        'application/json': { schema: componentRef('StoredFile') },
        'text/plain': { schema: { type: 'string' } },
      },
    },
    ...errorResponses(401, 408, 413, 422, 429, 504),
    400: errorResponse(400, 'No file, an empty file, no name, or both a file and ?url='),
  },
};

export const DownloadQuery = Type.Object({
  expires: Type.Optional(
    Type.String({ description: 'A signed link (DOWNLOADS_REQUIRE_OWNER): its expiry.' }),
  ),
  signature: Type.Optional(Type.String({ description: 'A signed link: its signature.' })),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

const FileId = Type.String({ description: 'The FileId of an upload or a result.' });
export const FileParams = Type.Object({ fileId: FileId });
export type FileParams = Static<typeof FileParams>;
export const NamedFileParams = Type.Object({
  fileId: FileId,
  fileName: Type.String({ description: "Any name; the answer's Content-Disposition has the stored one." }),
});
export type NamedFileParams = Static<typeof NamedFileParams>;

const download = {
  description:
    'Decrypted as a stream. The FileId alone grants it; with DOWNLOADS_REQUIRE_OWNER only the owner bearer or a signed result Url (expires, signature). A bearer, when sent, must be valid.',
  tags: ['Files'],
  security: optionalBearer,
  querystring: DownloadQuery,
  response: {
    200: {
      description: 'The file, with Content-Disposition naming it',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errorResponses(400, 401),
    404: errorResponse(404, 'Unknown or expired, or not yours when downloads require the owner (Code 5009)'),
  },
};

export const downloadSchema = {
  ...download,
  summary: 'Download a stored file',
  operationId: 'downloadFile',
  params: FileParams,
};

export const downloadNamedSchema = {
  ...download,
  summary: 'Download a stored file (the Url of results)',
  operationId: 'downloadNamedFile',
  params: NamedFileParams,
};

export const deleteFileSchema = {
  summary: 'Delete your stored file',
  tags: ['Files'],
  operationId: 'deleteFile',
  security: bearer,
  params: FileParams,
  response: {
    200: jsonResponse('Deleted', {
      type: 'object',
      required: ['FileId', 'Deleted'],
      properties: { FileId: { type: 'string' }, Deleted: { const: true } },
    }),
    ...errorResponses(401),
    404: errorResponse(404, 'Unknown, expired, or not yours (Code 5009)'),
  },
};
