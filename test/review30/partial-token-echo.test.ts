// REVIEW30 R30-2 (MED): the proxy hunts the session's token only as a whole echo (as sent, any case,
// encoded). The core adapter's rule since REVIEW-L 5 (test/http/partial-secret-echo.test.ts): in
// what an error carries, any run of 12 characters or more of a token it holds counts as the token.
// The proxy, the only place that knows the HttpOnly token, does not apply it, and the browser
// cannot (it holds no token). An API whose message cuts the echoed credential short (a length-limited log or error
// line: `Str::limit($token, 40)`, "Bearer abc…") passes all but its last characters to the page's
// JS: 39 of the reference server's 43 opaque characters leave 4 (24 bits) to guess.
// Root cause: src/server/strip.ts:234 `scrubTokens` builds its scrubber as `createScrubber(secrets)`,
// without `parts` (src/errors/scrub.ts:409, the REVIEW-L 5 rule); src/server/answer.ts:40 passes
// `parts` for the call's sent secrets only, never for the session's tokens.
// Over real sockets: the reference server (faulted) behind `pam-client/server`.

import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePam } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

/** The runs of 12 characters of `token` that `text` holds (the core's rule, REVIEW-L 5). */
function runsIn(text: string, token: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 12 <= token.length; i++)
    if (text.includes(token.slice(i, i + 12))) found.push(token.slice(i, i + 12));
  return found;
}

describe('R30-2: a cut-short echo of the session token never reaches the browser', () => {
  it('a 500 whose message holds the token less its last 4 characters', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    const { token } = await openCookie(browser.cookie!);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const cut = `${token.slice(0, token.length - 4)}…`;
    // Control: the whole echo is scrubbed.
    ref.server.faults.add({
      path: '/bff/users/address-by-user',
      status: 500,
      body: { message: `bad token ${token}` },
      times: 1,
    });
    const whole = await browser.call('GET', '/pam/bff/users/address-by-user');
    expect(whole.status).toBe(500);
    expect(whole.text).toContain('[redacted]');
    expect(runsIn(whole.text, token)).toEqual([]);
    // The same echo cut short by the API's message.
    ref.server.faults.add({
      path: '/bff/users/address-by-user',
      status: 500,
      body: { message: `bad token ${cut}` },
      times: 1,
    });
    const got = await browser.call('GET', '/pam/bff/users/address-by-user');
    expect(got.status).toBe(500);
    expect(runsIn(got.text, token)).toEqual([]);
  });

  it('a 200 whose free text holds the token less its last 4 characters (the page must never see the HttpOnly token)', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    const { token } = await openCookie(browser.cookie!);
    ref.server.faults.add({
      path: '/bff/users/address-by-user',
      status: 200,
      body: { street: `session ${token.slice(0, token.length - 4)}…`, number: '1' },
      times: 1,
    });
    const got = await browser.call('GET', '/pam/bff/users/address-by-user');
    expect(got.status).toBe(200);
    expect(runsIn(got.text, token)).toEqual([]);
  });
});
