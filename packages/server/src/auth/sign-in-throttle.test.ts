/**
 * Password guessing over real HTTP (behind a trusted loopback proxy, so X-Forwarded-For names the
 * client): guesses from many addresses back off the account, yet the owner, typing the right password
 * from an address with no failures, still signs in; one address guessing backs off exponentially.
 * And the throttle's own pace on a clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenFields, SignInBrowser, signUp } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';
import { SignInThrottle } from './sign-in-throttle';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1', '::1'], signInAttemptsPerMinute: 1000 });
});
afterAll(async () => {
  await server.close();
});

/** One sign-in attempt from `ip`: the form's page, then the post, as a browser at that address. */
async function signInFrom(ip: string, email: string, password: string): Promise<Response> {
  const browser = new SignInBrowser(server.baseUrl);
  const page = await browser.get('/a', { 'x-forwarded-for': ip });
  return browser.post('/a/sign-in', { ...hiddenFields(await page.text()), email, password }, undefined, {
    'x-forwarded-for': ip,
  });
}

describe('sign-in throttle over HTTP', () => {
  it("backs off guessers per account and address, and never locks the owner out with others' guesses", async () => {
    const email = 'owner@example.com';
    await signUp(new SignInBrowser(server.baseUrl), server.baseUrl, email, 'the right password');

    // Twelve addresses guess once each: every one is checked (401), the account now counts 12 failures.
    for (let i = 1; i <= 12; i++) {
      expect((await signInFrom(`203.0.113.${i}`, email, `guess ${i}`)).status).toBe(401);
    }
    // A guesser coming back is held by the account's back-off, however many addresses it used.
    const again = await signInFrom('203.0.113.1', email, 'guess again');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await again.text()).toMatch(/Too many attempts/);

    // The owner, from an address with no failures, signs in (slowed by at most 2 s, not refused).
    const started = Date.now();
    const owner = await signInFrom('198.51.100.20', email, 'the right password');
    expect(owner.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('backs off one address guessing one account after three failures', async () => {
    const email = 'someone-else@example.com';
    const ip = '203.0.113.99';
    for (let i = 0; i < 3; i++) expect((await signInFrom(ip, email, `guess ${i}`)).status).toBe(401);
    const held = await signInFrom(ip, email, 'guess 4');
    expect(held.status).toBe(429);
    // Another account from the same address is not held by this account's failures.
    expect((await signInFrom(ip, 'third@example.com', 'guess')).status).toBe(401);
  });
});

describe('SignInThrottle', () => {
  it('doubles the wait per failure past three, and clears an address on success', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    const ip = '192.0.2.1';
    for (let i = 0; i < 3; i++) {
      expect(throttle.check('a@example.com', ip).waitSeconds).toBe(0);
      throttle.failed('a@example.com', ip);
    }
    expect(throttle.check('a@example.com', ip).waitSeconds).toBe(1);
    throttle.failed('a@example.com', ip);
    expect(throttle.check('A@Example.com', ip).waitSeconds).toBe(2);
    throttle.failed('a@example.com', ip);
    expect(throttle.check('a@example.com', ip).waitSeconds).toBe(4);
    now += 4000;
    expect(throttle.check('a@example.com', ip).waitSeconds).toBe(0);
    throttle.succeeded('a@example.com', ip);
    expect(throttle.check('a@example.com', ip).waitSeconds).toBe(0);
  });

  it('slows, never refuses, an address without failures on a much-guessed account', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 40; i++) throttle.failed('b@example.com', `192.0.2.${i}`);
    const fresh = throttle.check('b@example.com', '198.51.100.1');
    expect(fresh.waitSeconds).toBe(0);
    expect(fresh.slowdownMs).toBeGreaterThan(0);
    expect(fresh.slowdownMs).toBeLessThanOrEqual(2000);
    expect(throttle.check('b@example.com', '192.0.2.3').waitSeconds).toBeGreaterThan(60);
  });
});
