/**
 * The server compiles its route schemas without ajv's meta-schema check (validator-options.ts); this
 * is that check, on every schema of this folder (the routes take theirs from here): each part Fastify
 * validates (params, querystring, body, headers) must be a schema JSON Schema's meta-schema accepts.
 */
import Fastify, { type FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';

const VALIDATED_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

const modules = import.meta.glob<Record<string, unknown>>('./*.schema.ts', { eager: true });

/** Every exported route schema of this folder, by module and name, with only the parts Fastify validates. */
function routeSchemas(): Array<{ name: string; schema: FastifySchema }> {
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports).flatMap(([name, value]) => {
      if (typeof value !== 'object' || value === null) return [];
      const parts = VALIDATED_PARTS.filter((part) => part in value).map((part) => [
        part,
        (value as Record<string, unknown>)[part],
      ]);
      return parts.length > 0 ? [{ name: `${file} ${name}`, schema: Object.fromEntries(parts) }] : [];
    }),
  );
}

/** Fastify's default validator (the meta-schema check on) compiling `schema`: its refusal, or undefined. */
async function refusal(schema: FastifySchema): Promise<string | undefined> {
  const app = Fastify();
  app.post('/checked/:id', { schema }, async () => 'checked');
  try {
    await app.ready();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close();
  }
}

describe('route schemas against the meta-schema', () => {
  it('refuses a schema the meta-schema does not accept (the check can fail)', async () => {
    const misspelt = { params: { type: 'object', properties: { id: { type: 'text' } } } };
    expect(await refusal(misspelt)).toMatch(/schema is invalid/);
  });

  it('accepts every part each route schema validates', async () => {
    const schemas = routeSchemas();
    // the routes' query strings and path parameters are among them
    expect(schemas.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/zipSchema$/), expect.stringMatching(/jobSchema$/)]),
    );
    const refused = [];
    for (const { name, schema } of schemas) {
      const reason = await refusal(schema);
      if (reason) refused.push(`${name}: ${reason}`);
    }
    expect(refused).toEqual([]);
  });
});
