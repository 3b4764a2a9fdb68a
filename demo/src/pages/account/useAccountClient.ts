/** The account client for this page: the provider's API base and the signed-in user's token. */
import { AccountClient } from '@docstudio/core';
import { useStudio } from '@docstudio/react';
import { useMemo } from 'react';
import type { StudioAuth } from '../../auth/studio.auth';

export function useAccountClient(auth: StudioAuth): AccountClient {
  const { config } = useStudio({});
  const apiUrl = config.apiUrl ?? '/api';
  return useMemo(() => new AccountClient({ apiUrl, token: auth.token }), [apiUrl, auth.token]);
}

/** An error's message for the page; AccountError carries the server's own words. */
export const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
