/**
 * Secret options: the catalogue's password-type options (protect's UserPassword and OwnerPassword,
 * unprotect's Password, office's DocumentOpenPassword). Their type is the one fact behind keeping
 * such values out of answers, logs and storage in clear: the server seals them in stored workflows
 * and the workflow DTO mapping keeps the server's "stored" marker for them.
 */
import { findToolByEndpoint } from './catalogue.registry';
import { tools } from './catalogue.tools';
import type { OptionDefinition } from './catalogue.types';

export const isSecretOption = (option: Pick<OptionDefinition, 'type'>): boolean => option.type === 'password';

const everySecretName: readonly string[] = Object.freeze([
  ...new Set(tools.flatMap((tool) => tool.options.filter(isSecretOption).map((option) => option.name))),
]);

/**
 * The secret parameter names of an endpoint's tool; for an endpoint the catalogue does not know,
 * every name that is a secret anywhere in the catalogue (a password must not be kept in clear
 * because its step names an unknown endpoint).
 */
export function secretParameterNames(endpoint: string): readonly string[] {
  const tool = findToolByEndpoint(endpoint);
  if (!tool) return everySecretName;
  return tool.options.filter(isSecretOption).map((option) => option.name);
}
