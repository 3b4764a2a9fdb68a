/**
 * The tool facts a converter shares with the tool page (endpoint, input kind, accepted extensions,
 * per-file size limit, minimum file count) read from the core catalogue, so the server and the UI
 * cannot drift apart. A converter spreads them: `{ ...catalogueFacts('pdf/to/docx'), engine, ... }`.
 */
import { findToolByEndpoint } from '@docstudio/core';
import type { Converter } from './converter.types';

export type CatalogueFacts = Pick<Converter, 'endpoint' | 'input' | 'accepts' | 'maxFileSize' | 'minFiles'>;

export function catalogueFacts(endpoint: string): CatalogueFacts {
  const tool = findToolByEndpoint(endpoint);
  // Thrown at import time: a converter for an endpoint the catalogue does not know is a programming error.
  if (!tool) throw new Error(`No catalogue tool answers to '${endpoint}'.`);
  const { extensions, maxSize, minFiles } = tool.accept;
  return {
    endpoint,
    input: tool.input,
    accepts: extensions,
    ...(maxSize !== undefined && { maxFileSize: maxSize }),
    ...(minFiles !== undefined && { minFiles }),
  };
}
