/** The server-rendered sign-in and sign-up page of /a (no script needed). */

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface SignInPageModel {
  mode: 'sign-in' | 'sign-up';
  csrf: string;
  returnUrl: string;
  ref: string;
  next: string;
  email?: string;
  error?: string;
}

export function renderSignInPage(model: SignInPageModel): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const carry = [
    hidden('csrf', model.csrf),
    hidden('returnUrl', model.returnUrl),
    hidden('ref', model.ref),
    hidden('next', model.next),
  ].join('');
  const query = new URLSearchParams({ returnUrl: model.returnUrl, ref: model.ref, next: model.next });
  const signUp = model.mode === 'sign-up';
  const title = signUp ? 'Create your account' : 'Sign in';
  const other = signUp
    ? `Already have an account? <a href="/a?${escapeHtml(query.toString())}">Sign in</a>`
    : `New here? <a href="/a/sign-up?${escapeHtml(query.toString())}">Create an account</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · docstudio</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f6f8; color: #1b1f24; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.08); width: min(380px, 92vw); }
  h1 { font-size: 1.4rem; margin: 0 0 1.2rem; }
  label { display: block; font-weight: 600; margin: .8rem 0 .3rem; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #c8ccd2; border-radius: 6px; font-size: 1rem; }
  button { margin-top: 1.2rem; width: 100%; padding: .7rem; border: 0; border-radius: 6px; background: #2f5bea; color: #fff; font-size: 1rem; cursor: pointer; }
  [role=alert] { background: #fdecec; color: #9b1c1c; padding: .6rem; border-radius: 6px; }
  p { margin-top: 1rem; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${model.error ? `<p role="alert">${escapeHtml(model.error)}</p>` : ''}
<form method="post" action="/a/${signUp ? 'sign-up' : 'sign-in'}">
${carry}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(model.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${signUp ? 'new-password' : 'current-password'}" required minlength="${signUp ? 8 : 1}">
<button type="submit">${signUp ? 'Create account' : 'Sign in'}</button>
</form>
<p>${other}</p>
</main>
</body>
</html>`;
}
