/**
 * The OpenAPI 3.1 document, generated from the converter table (paths, limits, accepted types) and
 * the core catalogue (tool titles and option fields), so it never disagrees with what the server runs.
 */
import { findToolByEndpoint } from '@docstudio/core';
import {
  convertQueryParameters,
  convertRequestBody,
  providerParametersSchema,
  uploadOperation,
} from './openapi-request-forms';
import type { ServerContext } from './server-context';

type Json = Record<string, unknown>;

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function buildOpenApiDocument(context: ServerContext, serverUrl: string): Json {
  const paths: Json = {};
  for (const converter of context.converters) {
    const tool = findToolByEndpoint(converter.endpoint);
    const properties: Json = {
      StoreFile: { type: 'string', enum: ['true', 'false'], default: 'true' },
      Timeout: {
        type: 'integer',
        minimum: 10,
        maximum: 1200,
        description: 'Seconds before the job is stopped (504).',
      },
      Async: { type: 'string', enum: ['true', 'false'], description: 'true: answer {JobId} at once.' },
    };
    if (converter.input === 'url') properties.Url = { type: 'string', format: 'uri' };
    else if (converter.input === 'single-file') {
      properties.File = { type: 'string', format: 'binary', description: 'The file, a FileId, or a URL.' };
    } else {
      properties['Files[0]'] = {
        type: 'string',
        format: 'binary',
        description: `Files[0] … Files[n] (at least ${converter.minFiles ?? 1}).`,
      };
    }
    for (const option of tool?.options ?? []) {
      properties[option.name] = {
        type: 'string',
        description: option.label,
        ...(option.options ? { enum: option.options.map((choice) => choice.value) } : {}),
      };
    }
    const required =
      converter.input === 'url' ? ['Url'] : converter.input === 'single-file' ? ['File'] : ['Files[0]'];
    const schema = { type: 'object', properties, required };
    paths[`/convert/${converter.endpoint}`] = {
      post: {
        operationId: `convert_${converter.endpoint.replace(/\W+/g, '_')}`,
        summary: tool?.title ?? converter.endpoint,
        description: `${tool?.description ?? ''} Accepts: ${converter.accepts.join(', ') || 'a URL'}. Max ${
          converter.maxFileSize ? `${Math.round(converter.maxFileSize / 1048576)} MB` : 'server limit'
        } per file. Engine: ${converter.engine}.`.trim(),
        security: [{ bearer: [] }],
        parameters: convertQueryParameters,
        requestBody: convertRequestBody(schema),
        responses: {
          200: {
            description: 'Converted',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ConversionResult' } } },
          },
          202: { description: 'Async job started ({JobId})' },
          400: errorResponse('Invalid parameters'),
          401: errorResponse('Missing, invalid or expired token'),
          413: errorResponse('File too large'),
          415: errorResponse('Unsupported file type'),
          422: errorResponse('Damaged or password-protected file'),
          429: errorResponse('Queue full (see Retry-After)'),
          500: errorResponse('Conversion failed'),
          504: errorResponse('Conversion timed out'),
        },
      },
    };
  }
  paths['/upload'] = {
    post: {
      ...uploadOperation,
      responses: {
        ...(uploadOperation.responses as Json),
        400: errorResponse('No file, an empty file, or no name'),
        401: errorResponse('Invalid or expired token (when one is sent)'),
        413: errorResponse('File too large'),
        429: errorResponse('Over the rate limit (see Retry-After)'),
      },
    },
  };
  paths['/d/{FileId}/{FileName}'] = {
    get: {
      summary: 'Download a stored file',
      description:
        'The FileId alone grants it; with DOWNLOADS_REQUIRE_OWNER only the owner bearer or a signed result Url (expires, signature).',
      responses: {
        200: { description: 'The file' },
        404: errorResponse('Unknown or expired, or not yours when downloads require the owner'),
      },
    },
  };
  paths['/d/{FileId}'] = {
    delete: {
      summary: 'Delete your stored file',
      security: [{ bearer: [] }],
      responses: { 200: { description: 'Deleted' } },
    },
  };
  paths['/job/{JobId}'] = {
    get: {
      summary: 'Async job state',
      security: [{ bearer: [] }],
      responses: {
        200: { description: 'Result' },
        202: { description: 'Running' },
        404: errorResponse('Unknown job'),
      },
    },
  };
  paths['/functions/generate-jwt'] = {
    post: { summary: 'Anonymous access token', responses: { 200: { description: '{token}' } } },
  };
  paths['/functions/validate-token'] = {
    post: { summary: 'Check a token', responses: { 200: { description: '{valid, userData}' } } },
  };
  for (const [path, method, summary] of [
    ['/workflows/create', 'post', 'Create a workflow'],
    ['/workflows/get/{id}', 'get', 'Read a workflow'],
    ['/workflows/get-all', 'get', 'List your workflows'],
    ['/workflows/update/{id}', 'patch', 'Update a workflow'],
    ['/workflows/delete/{id}', 'delete', 'Delete a workflow'],
    ['/workflows/run/{id}', 'post', 'Run a workflow as one Async job (202 {JobId}; GET /job/{JobId})'],
  ] as const) {
    paths[path] = {
      [method]: {
        summary,
        description:
          'Signed-in accounts only: an anonymous token answers 401 Code 4010. Create and update bodies may carry CallbackUrl and CallbackSecret (the completion webhook).',
        security: [{ bearer: [] }],
        responses: { 200: { description: 'Workflow' }, 401: errorResponse('No token, or an anonymous one') },
      },
    };
  }
  paths['/workflows/runs'] = {
    get: {
      summary: 'Your workflow runs, newest first (at most 20 per workflow)',
      security: [{ bearer: [] }],
      parameters: [
        {
          name: 'workflowId',
          in: 'query',
          required: false,
          description: 'Only the runs of this workflow; absent: all of your runs',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: {
          description: 'The runs',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WorkflowRuns' } } },
        },
        401: errorResponse('No token, or an anonymous one'),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'docstudio conversion server', version: '0.1.0' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ProviderParameters: providerParametersSchema,
        Error: {
          type: 'object',
          required: ['Code', 'Message'],
          properties: {
            Code: { type: 'integer' },
            Message: { type: 'string' },
            InvalidParameters: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        WorkflowRuns: {
          type: 'object',
          required: ['Runs'],
          properties: {
            Runs: {
              type: 'array',
              items: {
                type: 'object',
                required: ['RunId', 'WorkflowId', 'Status', 'Steps', 'StartedAt'],
                properties: {
                  RunId: { type: 'string', description: "The run's JobId (GET /job/{JobId})" },
                  WorkflowId: { type: 'string' },
                  Status: { enum: ['running', 'succeeded', 'failed'] },
                  Steps: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['Tool', 'Status'],
                      properties: {
                        Tool: { type: 'string' },
                        Status: { enum: ['pending', 'running', 'completed', 'error'] },
                        Error: { type: 'string' },
                      },
                    },
                  },
                  StartedAt: { type: 'string', format: 'date-time' },
                  EndedAt: { type: 'string', format: 'date-time' },
                  Files: {
                    type: 'array',
                    description: 'While the result files are retained',
                    items: {
                      type: 'object',
                      properties: {
                        FileName: { type: 'string' },
                        FileSize: { type: 'integer' },
                        FileId: { type: 'string' },
                        Url: { type: 'string', format: 'uri' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        ConversionResult: {
          type: 'object',
          properties: {
            ConversionCost: { type: 'integer' },
            ConversionTime: { type: 'integer' },
            Files: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  FileName: { type: 'string' },
                  FileExt: { type: 'string' },
                  FileSize: { type: 'integer' },
                  FileId: { type: 'string' },
                  Url: { type: 'string', format: 'uri' },
                  FileData: { type: 'string', contentEncoding: 'base64', description: 'StoreFile=false' },
                },
              },
            },
          },
        },
      },
    },
  };
}
