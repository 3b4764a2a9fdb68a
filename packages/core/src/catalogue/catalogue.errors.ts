/** Typed errors of the catalogue, so callers can tell a wrong id from any other failure. */

export class UnknownToolError extends Error {
  override readonly name = 'UnknownToolError';
  constructor(readonly toolId: string) {
    super(`No tool has the id '${toolId}'`);
  }
}
