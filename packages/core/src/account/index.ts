export { AccountClient, type AccountClientOptions, AccountError } from './account.client';
export type { AccountInfo, ApiKeyInfo, CreatedApiKey } from './account.types';
