import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { engineJobsPerCore } from './config';
import { loadConfigFromEnv } from './config-from-env';
import { engineConcurrencyFor } from './engine-concurrency';

const thisMachine = () => engineConcurrencyFor(availableParallelism(), engineJobsPerCore);

describe('engine concurrency', () => {
  it('grows with the cores, more for light engines than for heavy ones (LibreOffice waits on the server), never below 2', () => {
    expect(engineConcurrencyFor(1, engineJobsPerCore)).toMatchObject({
      qpdf: 4,
      ghostscript: 2,
      libreoffice: 2,
    });
    expect(engineConcurrencyFor(2, engineJobsPerCore)).toMatchObject({
      qpdf: 8,
      sharp: 4,
      mupdf: 2,
      libreoffice: 4,
    });
    expect(engineConcurrencyFor(8, engineJobsPerCore)).toMatchObject({
      qpdf: 32,
      ghostscript: 8,
      libreoffice: 16,
    });
  });

  it("is the server's default, and ENGINE_CONCURRENCY overrides single engines", () => {
    expect(loadConfigFromEnv({}).engineConcurrency).toEqual(thisMachine());
    const config = loadConfigFromEnv({ ENGINE_CONCURRENCY: 'qpdf=3, ghostscript=1' });
    expect(config.engineConcurrency).toEqual({ ...thisMachine(), qpdf: 3, ghostscript: 1 });
  });

  it('refuses an unknown engine or a count that is not a positive integer at start-up', () => {
    for (const value of ['qpfd=2', 'qpdf=0', 'qpdf=two', 'qpdf']) {
      expect(() => loadConfigFromEnv({ ENGINE_CONCURRENCY: value }), value).toThrow(/ENGINE_CONCURRENCY/);
    }
  });
});
