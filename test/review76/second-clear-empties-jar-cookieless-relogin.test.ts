// Review 76 (against 43460254), rotation.ts `endedBefore`: "lost to another clearing answer's hold:
// cleared as it is". The hold of the first clearing answer (P1, late on the wire) protects only a
// login sent WITH L1's cookie. A second clearing answer of the same cookie (another tab's poll, or
// a page's render, or a refused login's own answer) that reaches the jar first empties it; the
// player's next login then carries no cookie, meets no hold, and is sealed (L2); P1's late answer
// then clears L2's cookie: L2 live at the API with no cookie.
// Suggested fix: a clearing check that loses to a `clear` hold sends no Set-Cookie (as one lost to
// an ending): only the holder's answer clears, so the jar keeps L1's cookie until it lands, and a
// login meanwhile carries it and is refused (the accepted cost, within the holder's window).
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import {
  Browser,
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
])('two clearing answers of one cookie, the first late on the wire (%s)', (_, withStore) => {
  it.each(['tab', 'page'] as const)(
    "the second (a %s's) lands first, the player signs in (no cookie), the first lands: no live login left without its cookie",
    async (second) => {
      const x = await pam(withStore ? { store: sharedStore(clock) } : {});
      const { b, email, password } = await signedInEndedAtApi(x.served.url, ref.server);
      // Tab 1's poll: answered 401 + Max-Age=0 (it holds fin:), its answer slow on the wire.
      const tab1 = new Browser(x.served.url);
      tab1.cookie = b.cookie;
      const p1Clears = clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'));
      clock.now += 5;
      // The second clearing answer, delivered to the jar at once.
      let p2Clears: boolean;
      if (second === 'tab') {
        p2Clears = clearsCookie(await b.call('GET', '/pam/auth/user-profile'));
      } else {
        const view = await x.pam.getSession(
          new Request(`${x.served.url}/`, { headers: { cookie: `${COOKIE}=${b.cookie}` } }),
        );
        p2Clears = clearsCookie(view);
        if (p2Clears) b.cookie = null; // the page's headers set on its answer (docs/server.md)
      }
      clock.now += 5;
      const login = await b.login(email, password);
      clock.now += 5;
      if (p1Clears) b.cookie = null; // tab 1's late answer lands
      const l2Live =
        login.status === 200 &&
        (await liveAtApi(
          ref.server.url,
          login.headers
            .getSetCookie()[0]!
            .split(';')[0]!
            .slice(COOKIE.length + 1),
        ));
      // The invariant: no live login without its cookie.
      expect({ p2Clears, liveWithoutCookie: l2Live && b.cookie === null }).toMatchObject({
        liveWithoutCookie: false,
      });
    },
  );
});
