/**
 * The token an element uses when the page gives it none: the signed-in user's token stored on this
 * origin (core's `docstudio_secure_` keys, as the studio stores it), else an anonymous one from
 * `{api-url}/functions/generate-jwt`. So `<docstudio-pdf-merge api-url=…>` works on its own, and a
 * workflow element on the studio's own origin works for the user signed in there.
 */
import {
  browserAuthContext,
  type EnvironmentName,
  getConversionToken,
  type TokenSource,
} from '@docstudio/core';

export function anonymousTokenSource(apiUrl: string, environment: EnvironmentName): TokenSource {
  return () => {
    const context = browserAuthContext({ environment: { name: environment, apiUrl, authBaseUrl: '' } });
    return context ? getConversionToken(context) : null;
  };
}
