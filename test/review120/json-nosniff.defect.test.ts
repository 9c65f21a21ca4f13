// Review 120 (LOW, hardening): the proxy's JSON answers carry the player's personal data (address,
// login history, social accounts: an array at the top level) and are served to any GET that a
// browser without Sec-Fetch-Site sends cross-site (a `<script src>`), yet only the report file
// says `X-Content-Type-Options: nosniff`. Without it a browser may run the JSON as a script
// (no MIME check for `application/json` scripts unless nosniff is set).
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from '../server/harness';
import { raw } from './raw';

const clock: TestClock = { now: Date.now() };
const { ref, fx } = usePam(clock);
const NAME = '__Host-pam-session';

describe('review 120: JSON answers and nosniff', () => {
  it('every JSON answer of the proxy says X-Content-Type-Options: nosniff', async () => {
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const cookie = `${NAME}=${b.cookie}`;
    // (no Sec-Fetch-Site: an older browser's cross-site <script src>; cookies go with it)
    const paths = ['/pam/bff/users/account-social', '/pam/bff/users/login-history?page=1', '/pam/session'];
    const missing: string[] = [];
    for (const path of paths) {
      const got = await raw(fx.served.url, path, { headers: { cookie } });
      expect(got.status, path).toBe(200);
      expect(got.headers['content-type'], path).toMatch(/application\/json/);
      if (got.headers['x-content-type-options'] !== 'nosniff') missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
