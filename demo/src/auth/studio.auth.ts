/**
 * The studio's view of sign-in, assembled from core's auth functions (no auth logic lives here):
 * the environment, whether a user is signed in, the links of the header and the token source that
 * every conversion uses (the user's token, else an anonymous one from generate-jwt).
 */
import {
  type AuthContext,
  defaultEnvironments,
  type Environment,
  genericSignInUrl,
  getConversionToken,
  isLoggedIn,
  logout,
  signInUrl,
  signUpUrl,
} from '@docstudio/core';

export interface StudioAuth {
  environment: Environment;
  loggedIn: boolean;
  signInUrl: string;
  signUpUrl: string;
  /** The provider's account area: the sign-in site, which shows the account of a signed-in user. */
  accountUrl: string;
  /** Token source for StudioProvider; undefined outside a browser (no storage, no functions). */
  token: (() => Promise<string>) | undefined;
  logout: () => void;
  /** Goes to the sign-in site (a visitor's 'Sign In' button; the site sends them back to this page). */
  goToSignIn: () => void;
}

export function studioAuth(context: AuthContext | undefined): StudioAuth {
  const environment = context?.environment ?? defaultEnvironments.production;
  return {
    environment,
    loggedIn: context ? isLoggedIn(context) : false,
    signInUrl: signInUrl(environment, context?.config),
    signUpUrl: signUpUrl(environment, context?.config),
    accountUrl: genericSignInUrl(environment, context?.config),
    token: context ? () => getConversionToken(context) : undefined,
    logout: () => {
      if (context) logout(context);
    },
    goToSignIn: () => context?.location?.assign(signInUrl(environment, context.config)),
  };
}
