/**
 * Every migration, by name in the order they run. Listed statically (not read from the folder) so
 * the server runs the same under tsx, a bundler or a compiled build.
 */
import type { Migration } from 'kysely';
import type { KeyRing } from '../key-ring';
import * as initial from './0001-initial';
import { sealedAtRest } from './0002-sealed-at-rest';
import * as revokedTokens from './0003-revoked-tokens';
import * as workflowRuns from './0004-workflow-runs';
import * as apiKeys from './0005-api-keys';
import * as sharedStorage from './0006-shared-storage';
import * as workflowRunLeases from './0007-workflow-run-leases';

/** A migration, or one made from the storage keys (a migration that seals existing rows). */
export type MigrationEntry = Migration | ((keys: KeyRing | undefined) => Migration);

export const migrations: Record<string, MigrationEntry> = {
  '0001-initial': initial,
  '0002-sealed-at-rest': sealedAtRest,
  '0003-revoked-tokens': revokedTokens,
  '0004-workflow-runs': workflowRuns,
  '0005-api-keys': apiKeys,
  '0006-shared-storage': sharedStorage,
  '0007-workflow-run-leases': workflowRunLeases,
};
