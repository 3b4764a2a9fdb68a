/**
 * Every migration, by name in the order they run. Listed statically (not read from the folder) so
 * the server runs the same under tsx, a bundler or a compiled build.
 */
import type { Migration } from 'kysely';
import * as initial from './0001-initial';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
