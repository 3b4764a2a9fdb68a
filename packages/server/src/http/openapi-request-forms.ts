/**
 * The OpenAPI pieces for the provider's request forms (openapi.ts builds the document): the convert
 * body as multipart, urlencoded, JSON (`Parameters` or flat) or the raw file; the query parameters read
 * together with the body; and POST /upload with its optional token.
 */
type Json = Record<string, unknown>;

const fileValue: Json = {
  type: 'object',
  description: 'A stored file by Id, a file by Url, or the file itself as base64 Data with its Name.',
  properties: {
    Id: { type: 'string' },
    Url: { type: 'string', format: 'uri' },
    Name: { type: 'string' },
    Data: { type: 'string', contentEncoding: 'base64' },
  },
};

/** The provider's JSON body: {Parameters: [{Name, Value | FileValue | FileValues}]}. */
export const providerParametersSchema: Json = {
  type: 'object',
  required: ['Parameters'],
  properties: {
    Parameters: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Name'],
        properties: {
          Name: { type: 'string' },
          Value: { type: ['string', 'number', 'boolean'] },
          FileValue: fileValue,
          FileValues: { type: 'array', items: fileValue },
        },
      },
    },
  },
};

const rawFile = {
  schema: { type: 'string', format: 'binary' },
  description: 'The file itself, named by Content-Disposition; parameters in the query.',
};

/** Convert and workflow-run bodies: the form `schema` as multipart/urlencoded, JSON, or the raw file. */
export function convertRequestBody(schema: Json): Json {
  return {
    required: false,
    description:
      "multipart/form-data, urlencoded, JSON (the provider's Parameters array, or a flat object; up to 32 MB), or the raw file of any other type.",
    content: {
      'multipart/form-data': { schema },
      'application/x-www-form-urlencoded': { schema },
      'application/json': {
        schema: { oneOf: [{ $ref: '#/components/schemas/ProviderParameters' }, schema] },
      },
      'application/octet-stream': rawFile,
    },
  };
}

const query = (name: string, description: string, schema: Json = { type: 'string' }): Json => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** Query parameters convert reads together with the body (names in any case; a conflict is a 400). */
export const convertQueryParameters: Json[] = [
  query('StoreFile', 'false: the answer carries FileData (base64) instead of a stored Url.', {
    type: 'string',
    enum: ['true', 'false'],
  }),
  query('Timeout', 'Seconds (10-1200).', { type: 'integer' }),
  query('Async', 'true: answer {JobId} at once.', { type: 'string', enum: ['true', 'false'] }),
  query('File', 'A FileId or Url; any tool parameter may be given in the query too.'),
  {
    name: 'Content-Disposition',
    in: 'header',
    required: false,
    description: 'Names a raw file body.',
    schema: { type: 'string' },
  },
];

export const uploadOperation: Json = {
  summary: 'Upload one file for later use as File=<FileId>',
  description:
    'multipart (one file part, any field name), or the raw body of any Content-Type named by ?filename= (wins) or Content-Disposition, or ?url= to store a remote file. The token is optional: without one the file belongs to nobody (no DELETE; it expires with retention).',
  security: [{}, { bearer: [] }],
  parameters: [
    query('filename', 'The file name (overrides Content-Disposition).'),
    query('url', 'Store the file at this http(s) URL instead of a body.'),
    {
      name: 'Content-Disposition',
      in: 'header',
      required: false,
      description: "attachment; filename*=UTF-8''<name>",
      schema: { type: 'string' },
    },
  ],
  requestBody: {
    required: false,
    content: { 'multipart/form-data': { schema: { type: 'object' } }, 'application/octet-stream': rawFile },
  },
  responses: {
    200: {
      description: '{FileId, FileName, FileExt}; the bare FileId to Accept: text/plain',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              FileId: { type: 'string' },
              FileName: { type: 'string' },
              FileExt: { type: 'string' },
            },
          },
        },
        'text/plain': { schema: { type: 'string' } },
      },
    },
  },
};
