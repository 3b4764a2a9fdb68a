/**
 * The setup every converter's HTTP test file shares: one real test server and one private temporary
 * folder for the whole file, both removed after its last test. Call it at the top of the file:
 *
 *   const { server, dir, save } = useHttpTestServer();
 *   const answer = await server().convert('pdf/to/rotate', { RotatePage: '90' }, [corpusFile('pdf/crazyones.pdf')]);
 *   expect(await pageCount(await save(answer.body.Files?.[0]))).toBe(1);
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ServerOptions } from '../app';
import { type ConvertedFileJson, startTestServer, type TestServer } from './test-server';

export interface HttpTestSetup {
  /** The running server; valid inside tests (started in beforeAll). */
  server(): TestServer;
  /** The file's private temporary folder for downloaded results and hand-made inputs. */
  dir(): string;
  /** Downloads a result into dir() under its FileName and returns the path (for qpdf, pdfinfo …). */
  save(file: ConvertedFileJson | undefined): Promise<string>;
}

export function useHttpTestServer(options: ServerOptions = {}): HttpTestSetup {
  let running: TestServer | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    running = await startTestServer(options);
    folder = await mkdtemp(join(tmpdir(), 'docstudio-http-test-'));
  });
  afterAll(async () => {
    await running?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  const server = (): TestServer => {
    if (!running) throw new Error('The test server runs only inside tests (after beforeAll).');
    return running;
  };
  const dir = (): string => {
    if (!folder) throw new Error('The test folder exists only inside tests (after beforeAll).');
    return folder;
  };
  const save = (file: ConvertedFileJson | undefined): Promise<string> => {
    if (!file) throw new Error('The answer has no result file to save.');
    return server().saveResult(file, dir());
  };
  return { server, dir, save };
}
