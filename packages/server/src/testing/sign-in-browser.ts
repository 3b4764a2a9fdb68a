/**
 * Test-only: a browser for the sign-in site `/a` as far as its forms need one: a cookie jar, the
 * same-origin `Origin` header a browser sends with a form post, and redirects left unfollowed so each
 * Location can be checked. Example:
 *
 *   const browser = new SignInBrowser(server.baseUrl);
 *   const page = await browser.get('/a/sign-up?next=/pdf-merge');
 *   const posted = await browser.post('/a/sign-up', { ...hiddenFields(await page.text()), email, password });
 */

export class SignInBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        redirect: 'manual',
        headers: { ...headers, cookie: this.cookieHeader() },
      }),
    );
  }

  async post(
    path: string,
    form: Record<string, string>,
    origin = this.baseUrl,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...headers,
          cookie: this.cookieHeader(),
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** The value of a cookie the site set (URL-encoded, as sent back). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sends `cookie` as this browser's `name` cookie (a copied session, for instance). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq <= 0) continue;
      const name = (pair ?? '').slice(0, eq);
      const value = (pair ?? '').slice(eq + 1);
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The hidden fields of a sign-in page (csrf, returnUrl, ref, next), HTML entities decoded. */
export function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [
      match[1] ?? '',
      (match[2] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    ]),
  );
}

/** A studio token from a finished sign-in: the `auth` parameter of /a/studio-login's redirect. */
export async function studioToken(browser: SignInBrowser, baseUrl: string): Promise<string> {
  const landing = await browser.get('/a/studio-login');
  const location = landing.headers.get('location') ?? '';
  const token = new URL(location, baseUrl).searchParams.get('auth');
  if (landing.status !== 303 || !token) throw new Error(`No studio token: ${landing.status} ${location}`);
  return token;
}

/** Signs up a new account in `browser` (its session cookie is set) and returns the studio token. */
export async function signUp(
  browser: SignInBrowser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const page = await browser.get('/a/sign-up');
  const posted = await browser.post('/a/sign-up', { ...hiddenFields(await page.text()), email, password });
  if (posted.status !== 303) throw new Error(`Sign-up answered ${posted.status}`);
  return studioToken(browser, baseUrl);
}
