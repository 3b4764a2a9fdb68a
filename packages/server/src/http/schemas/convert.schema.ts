/**
 * Schemas of convert.routes.ts: POST /convert/* (one path per converter in the document:
 * openapi/convert-paths.ts) and GET /job/{jobId}.
 */
import { type Static, Type } from 'typebox';
import { componentRef } from '../openapi/components';
import {
  conversionFormSchema,
  conversionQueryParameters,
  conversionRequestBody,
} from '../openapi/conversion-form';
import { bearer, errorResponse, errorResponses, jsonResponse, shapeResponse } from '../openapi/responses';

export const convertSchema = {
  tags: ['Conversion'],
  security: bearer,
  documented: {
    parameters: conversionQueryParameters,
    requestBody: conversionRequestBody(conversionFormSchema()),
  },
  response: {
    200: shapeResponse(
      'Converted: the result files. With `Accept: application/x-ndjson` (not Async), results stored ahead of the others (pdf/to/jpg: each page) come first, one JSON line each ({Index, File}), and this answer is the last line; a failure after the first line is the last line as {Status, Code, Message}',
      'ConversionResult',
    ),
    202: shapeResponse('Async=true: the job started (GET /job/{jobId})', 'JobStarted'),
    ...errorResponses(400, 401, 408, 413, 415, 422, 429, 500, 503, 504),
    404: errorResponse(404, 'There is no converter for this endpoint (Code 4040)'),
  },
};

export const JobParams = Type.Object({
  jobId: Type.String({ description: 'The JobId of an Async conversion or of a workflow run.' }),
});
export type JobParams = Static<typeof JobParams>;

export const jobSchema = {
  summary: 'The state of an Async job or a workflow run',
  description:
    "202 while it waits or runs; then the job's answer as the conversion would have given it: the result, or its error with the same status.",
  tags: ['Conversion'],
  operationId: 'getJob',
  security: bearer,
  params: JobParams,
  response: {
    200: jsonResponse('The result (a workflow run adds Steps)', {
      anyOf: [componentRef('ConversionResult'), componentRef('WorkflowRunResult')],
    }),
    202: shapeResponse('Queued or running', 'JobRunning'),
    ...errorResponses(401),
    404: errorResponse(404, 'Unknown job, or not yours'),
    default: errorResponse(500, "The job's error, with the status the conversion would have answered"),
  },
};
