/**
 * How Fastify's request validator (ajv, through @fastify/ajv-compiler) compiles the route schemas:
 * without checking each schema against JSON Schema's meta-schema first. To make that check, ajv
 * compiles the meta-schema itself, once per server, and that was the largest single part of a start
 * after the import: createServer and listen took 115-165 and 55-95 ms with it, 110-150 and 33-52 ms
 * without (six alternated starts of the compiled server each). The schemas are this folder's
 * constants, so the check runs in CI instead (route-schemas.test.ts, every schema the routes use);
 * ajv still compiles each one and refuses what it cannot compile.
 */
import type { FastifyServerOptions } from 'fastify';

export const ROUTE_VALIDATOR_OPTIONS: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: { validateSchema: false },
};
