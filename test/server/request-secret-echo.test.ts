// REVIEW-W W-1: an API answer echoing what the browser sent (the password of a login, the old and
// new passwords and the captcha token of a change of password, a two-factor code) was relayed by
// the proxy as it came: the echo reached the page's JS, devtools and any logging layer between
// the app's server and the browser. The proxy now scrubs the call's own sent secrets from its
// answers by the core adapter's rule for that status (`Scrubber.deep`), as it scrubs the tokens.
// Over real sockets: the reference server, faulted.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

const CAPTCHA = 'captcha-token-0123456789abcdef';

/** The answers an API may echo a secret in, at a status: each must reach the browser without it. */
const ECHOES = (secret: string): [number, unknown][] => [
  [500, { message: `Server error for password ${secret}` }],
  [422, { message: 'invalid', errors: { password: [`${secret} is wrong`] } }],
  [401, { message: `bad credentials: ${secret}` }],
  [200, { type: 'two_factor_code', message: `code sent; your password ${secret} was right` }],
];

describe('an echo of what the browser sent never goes back to it (W-1)', () => {
  it('a login: the password echoed at 500, 422, 401 and in a 200 challenge', async () => {
    const { plain } = ref.server.seed;
    for (const [status, body] of ECHOES(plain.password)) {
      ref.server.faults.add({ path: '/auth/login', status, body, times: 1 });
      const got = await new Browser(fx.served.url).login(plain.email, plain.password);
      expect(got.status, `status ${status}`).toBe(status);
      expect(got.text, `status ${status}`).not.toContain(plain.password);
      expect(got.text, `status ${status}`).toContain('[redacted]');
    }
  });

  it('a change of password: the old and new passwords and the captcha token echoed at 500', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    const next = 'NewSecret456!x';
    ref.server.faults.add({
      path: `/users/change-password/${plain.id}`,
      status: 500,
      body: { message: `could not change ${plain.password} to ${next} (captcha ${CAPTCHA})` },
      times: 1,
    });
    const got = await browser.call('POST', `/pam/users/change-password/${plain.id}`, {
      old_password: plain.password,
      password: next,
      password_confirmation: next,
      captcha_token: CAPTCHA,
    });
    expect(got.status).toBe(500);
    for (const secret of [plain.password, next, CAPTCHA]) expect(got.text).not.toContain(secret);
  });

  it('(property) any password echoed in any message of a failed login is scrubbed', async () => {
    const { plain } = ref.server.seed;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(400, 401, 403, 422, 429, 500, 503),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        async (status, before, after) => {
          const message = `${before} ${plain.password} ${after}`;
          ref.server.faults.add({ path: '/auth/login', status, body: { message }, times: 1 });
          const got = await new Browser(fx.served.url).login(plain.email, plain.password);
          expect(got.text).not.toContain(plain.password);
        },
      ),
      { numRuns: 30 },
    );
  });
});
