/**
 * Where the server meets '@docstudio/core''s catalogue. The one rule that lives here: an endpoint the
 * catalogue does not know (a server-only or test-only converter passed to createServer({ converters }))
 * gets only its converter's own validation, since the catalogue has no options to check it against.
 */
import { findToolByEndpoint, type ParameterErrors, validateToolParameters } from '@docstudio/core';

export function catalogueParameterProblems(
  endpoint: string,
  params: Readonly<Record<string, string>>,
): ParameterErrors | null {
  return findToolByEndpoint(endpoint) ? validateToolParameters(endpoint, params) : null;
}
