/**
 * The sign-in site at /a: sign in and sign up with server-rendered forms (CSRF token bound to a
 * SameSite=Strict cookie, same-origin check), then /a/studio-login hands the studio a fresh access
 * token as `?auth=<token>` on a same-origin path. Accounts live in the database, passwords in scrypt.
 */
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderSignInPage, type SignInPageModel } from '../auth/sign-in.pages';
import {
  cookie,
  csrfMatches,
  newCsrfToken,
  readCookies,
  safeReturnPath,
  sameOriginPost,
  withAuthParameter,
} from '../auth/sign-in.safety';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { TOKEN_LIFETIME_SECONDS, type TokenUser } from '../auth/tokens';
import { isAcceptablePassword, isPlausibleEmail } from '../auth/users';
import { publicBaseUrl, type ServerContext } from './server-context';

const CSRF_COOKIE = 'ds_csrf';
const SESSION_COOKIE = 'ds_session';
const STUDIO_LOGIN = '/a/studio-login';

type Form = Record<string, unknown>;

interface Targets {
  returnUrl: string;
  ref: string;
  next: string;
}

const cleanRef = (value: unknown): string =>
  typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : '';

/** This site's origin: PUBLIC_URL's behind a proxy, else the request's scheme and Host. */
function siteOrigin(context: ServerContext, request: FastifyRequest): string {
  return new URL(publicBaseUrl(context, request)).origin;
}

/** The sign-in site itself (/a, /a/…): never a studio page to come back to. */
const isSignInSite = (path: string): boolean => /^\/a(?:[/?#]|$)/.test(path);

/** Where to go after sign-in, and which studio page to land on; every value is a same-origin path. */
function readTargets(source: Form, request: FastifyRequest, origin: string): Targets {
  const returnUrl = safeReturnPath(source.returnUrl, origin) ?? STUDIO_LOGIN;
  let next = safeReturnPath(source.next, origin);
  if (!next || isSignInSite(next)) {
    const referer = safeReturnPath(request.headers.referer, origin);
    next = referer && !isSignInSite(referer) ? referer : '/';
  }
  return { returnUrl, ref: cleanRef(source.ref), next };
}

/** The signed-in session of the cookie, or undefined (none, invalid, expired or signed out). */
async function sessionUser(context: ServerContext, request: FastifyRequest): Promise<TokenUser | undefined> {
  const session = readCookies(request)[SESSION_COOKIE];
  try {
    return session ? await context.tokens.verify(session) : undefined;
  } catch {
    return undefined;
  }
}

function sendPage(
  reply: FastifyReply,
  request: FastifyRequest,
  model: Omit<SignInPageModel, 'csrf'>,
  status = 200,
) {
  const csrf = newCsrfToken();
  return reply
    .code(status)
    .header(
      'Set-Cookie',
      cookie(CSRF_COOKIE, csrf, {
        maxAgeSeconds: 3600,
        sameSite: 'Strict',
        secure: request.protocol === 'https',
      }),
    )
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .header('X-Frame-Options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(renderSignInPage({ ...model, csrf }));
}

function continueTo(targets: Targets): string {
  const url = new URL(targets.returnUrl, 'http://docstudio.invalid');
  if (url.pathname === STUDIO_LOGIN) {
    if (targets.ref) url.searchParams.set('ref', targets.ref);
    url.searchParams.set('next', targets.next);
  }
  return `${url.pathname}${url.search}`;
}

export function registerSignInRoutes(app: FastifyInstance, context: ServerContext): void {
  const throttle = new SignInThrottle();
  const targetsOf = (source: Form, request: FastifyRequest) =>
    readTargets(source, request, siteOrigin(context, request));
  app.get('/', async (request, reply) =>
    sendPage(reply, request, { mode: 'sign-in', ...targetsOf(request.query as Form, request) }),
  );
  app.get('/sign-up', async (request, reply) =>
    sendPage(reply, request, { mode: 'sign-up', ...targetsOf(request.query as Form, request) }),
  );

  const handle = (mode: 'sign-in' | 'sign-up') => async (request: FastifyRequest, reply: FastifyReply) => {
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Form;
    const targets = targetsOf(form, request);
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const again = (error: string, status: number) =>
      sendPage(reply, request, { mode, ...targets, email, error }, status);

    const wait = await context.limits.wait(context.limits.signIn, request);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return again(`Too many attempts. Please wait ${wait} seconds and try again.`, 429);
    }
    if (!sameOriginPost(request) || !csrfMatches(readCookies(request)[CSRF_COOKIE], form.csrf)) {
      return again('Your session expired. Please try again.', 403);
    }
    if (!isPlausibleEmail(email)) return again('Enter a valid email address.', 400);
    let account: { id: string; email: string } | undefined;
    if (mode === 'sign-up') {
      if (!isAcceptablePassword(password)) return again('Choose a password of at least 8 characters.', 400);
      account = await context.users.signUp(email, password);
      if (!account) return again('An account with this email already exists. Sign in instead.', 409);
    } else {
      const verdict = throttle.check(email, request.ip);
      if (verdict.waitSeconds > 0) {
        reply.header('Retry-After', String(verdict.waitSeconds));
        return again(`Too many attempts. Please wait ${verdict.waitSeconds} seconds and try again.`, 429);
      }
      if (verdict.slowdownMs > 0) await setTimeout(verdict.slowdownMs);
      account = password ? await context.users.signIn(email, password) : undefined;
      if (!account) {
        throttle.failed(email, request.ip);
        return again('The email or password is not correct.', 401);
      }
      throttle.succeeded(email, request.ip);
    }
    const session = await context.tokens.issue({ id: account.id, anonymous: false, email: account.email });
    return reply
      .code(303)
      .header('Set-Cookie', [
        cookie(SESSION_COOKIE, session, {
          maxAgeSeconds: TOKEN_LIFETIME_SECONDS,
          sameSite: 'Lax',
          secure: request.protocol === 'https',
        }),
        cookie(CSRF_COOKIE, '', {
          maxAgeSeconds: 0,
          sameSite: 'Strict',
          secure: request.protocol === 'https',
        }),
      ])
      .header('Location', continueTo(targets))
      .send();
  };
  app.post('/sign-in', handle('sign-in'));
  app.post('/sign-up', handle('sign-up'));

  app.get('/studio-login', async (request, reply) => {
    const query = request.query as Form;
    const targets = targetsOf(query, request);
    const user = await sessionUser(context, request);
    if (!user || user.anonymous) {
      const again = new URLSearchParams({ returnUrl: STUDIO_LOGIN, next: targets.next });
      if (targets.ref) again.set('ref', targets.ref);
      return reply.code(303).header('Location', `/a?${again.toString()}`).send();
    }
    // Minted from the session (sid): signing out of either ends both.
    const token = await context.tokens.issue({
      id: user.id,
      anonymous: false,
      email: user.email,
      sessionId: user.tokenId,
    });
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .header('Location', withAuthParameter(targets.next, token))
      .send();
  });

  app.post('/sign-out', async (request, reply) => {
    if (!sameOriginPost(request)) return reply.code(403).send();
    // The session token goes on the deny list: a copied cookie, and every studio token minted from
    // it, stop working too; removing the cookie alone would leave them valid for up to 24 h.
    const user = await sessionUser(context, request);
    if (user) await context.tokens.revoke(user);
    return reply
      .code(303)
      .header(
        'Set-Cookie',
        cookie(SESSION_COOKIE, '', {
          maxAgeSeconds: 0,
          sameSite: 'Lax',
          secure: request.protocol === 'https',
        }),
      )
      .header('Location', '/')
      .send();
  });
}
