/**
 * The server's converter table: one module per endpoint. The HTTP layer routes
 * POST /convert/{endpoint} here; aliases the catalogue lists (pdf/merge) resolve through the core catalogue.
 * Each converter owner adds its line below.
 */
import type { Converter } from './converter.types';

export const converters: readonly Converter[] = [];
