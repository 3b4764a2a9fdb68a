/** Schemas of health.routes.ts: liveness, readiness and metrics (no token; never CORS). */
import { jsonResponse, noToken } from '../openapi/responses';

const operations = { tags: ['Operations'], security: noToken };

export const healthzSchema = {
  ...operations,
  summary: 'Liveness: the engines found and their versions, and the queue',
  operationId: 'healthz',
  response: {
    200: jsonResponse('Alive; status "degraded" names missing engines', {
      type: 'object',
      required: ['status', 'missing', 'engines', 'queue'],
      properties: {
        status: { enum: ['ok', 'degraded'] },
        missing: { type: 'array', items: { type: 'string' } },
        engines: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: { found: { type: 'boolean' }, version: { type: ['string', 'null'] } },
          },
        },
        queue: {
          type: 'object',
          properties: {
            waiting: { type: 'integer' },
            running: { type: 'integer' },
            perEngine: { type: 'object', additionalProperties: { type: 'object' } },
          },
        },
      },
    }),
  },
};

export const readyzSchema = {
  ...operations,
  summary: 'Readiness: the database answers and no warm engine pool is down',
  operationId: 'readyz',
  response: {
    200: jsonResponse('Ready', { type: 'object', properties: { ready: { const: true } } }),
    503: jsonResponse('Not ready (Code 5030): `down` names the database or the engine pools', {
      type: 'object',
      required: ['ready', 'Code', 'Message'],
      properties: {
        ready: { const: false },
        Code: { type: 'integer' },
        Message: { type: 'string' },
        down: { type: 'array', items: { type: 'string' } },
      },
    }),
  },
};

export const metricsSchema = {
  ...operations,
  summary: 'Prometheus metrics',
  operationId: 'metrics',
  response: {
    200: {
      description: 'The Prometheus text exposition format',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  },
};
