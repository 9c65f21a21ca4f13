// Review 76 (against 43460254), context.ts `decideLine` / create.ts `call.page`: a page's render
// (`getSession`) whose view is signed out (the API's 401) clears the cookie in `headers`, which
// docs/server.md tells the app to set on the page's answer ("set it on the page's answer
// (docs/apps/*.md do)"), but its check holds `fin:` as a `probe` for PROBE_MS (2 s) only, which a
// login takes over. The page's answer goes out once the render is done (SSR data, streaming):
// a relogin with the same cookie from another tab meanwhile is sealed (L2), and the page's
// Set-Cookie Max-Age=0, landing after it, clears L2's cookie: L2 live at the API with no cookie.
// Review 75's scenario, with the page as the clearing answer.
// Suggested fix: a page's render never clears a cookie whose login is not ended by a logout/login
// (no Set-Cookie from `getSession` for a 401 or a lapsed login: the browser client's own
// `GET P/session` then clears, holding `fin:`); or hold `clear` as a tab's call does (then a
// dropped server-component Set-Cookie costs the same ≤ 60 s lockout as a lost answer).
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import {
  clearsCookie,
  liveAtApi,
  signedInEndedAtApi,
  type TestClock,
  usePamPerTest,
} from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
const COOKIE = '__Host-pam-session';

describe.each([
  ['without a store', false],
  ['with a store', true],
])("a page's clearing Set-Cookie late on the wire across a relogin (%s)", (_, withStore) => {
  it.each([5, 3_000])(
    'the relogin %i ms after the render decided: no live login left without its cookie',
    async (after) => {
      const x = await pam(withStore ? { store: sharedStore(clock) } : {});
      const { b, email, password } = await signedInEndedAtApi(x.served.url, ref.server);
      const view = await x.pam.getSession(
        new Request(`${x.served.url}/`, { headers: { cookie: `${COOKIE}=${b.cookie}` } }),
      );
      expect(view.initial.status).toBe('signedOut');
      const pageClears = clearsCookie(view);
      clock.now += after; // the page still rendering; another tab signs in with the same cookie
      const login = await b.login(email, password);
      const l2 = b.cookie;
      if (pageClears) b.cookie = null; // the page's answer lands, its headers set (docs/server.md)
      const l2Live = login.status === 200 && l2 !== null && (await liveAtApi(ref.server.url, l2));
      expect({ liveWithoutCookie: l2Live && b.cookie === null }).toEqual({ liveWithoutCookie: false });
    },
  );
});
