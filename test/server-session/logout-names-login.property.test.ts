import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// FIXLOGOUT28, over generated sequences: two tabs of one browser (one cookie jar, one channel)
// sign players in and out, and the browser switches player outside the channel (another tab, a
// form) or posts a logout naming no login. Over real sockets (the reference server behind
// `pam-client/server`), every interleaving of those steps:
// - a logout never ends a login other than the one it names (`X-Pam-Login`): one naming another
//   is refused, nothing revoked at the API, the cookie unchanged; one naming none ends the cookie's;
// - once its calls settle (each tab signed in makes one call after each step), no tab reads as
//   signed in with a login the cookie no longer holds.
const clock = runningClock();
const { ref, fx } = usePam(clock);
const COOKIE = '__Host-pam-session';
const H = { 'content-type': 'application/json', 'x-pam-client': '1' };
type Who = 'plain' | 'pendingLimit';
type Step =
  | { op: 'login'; tab: 0 | 1; who: Who }
  | { op: 'logout'; tab: 0 | 1 }
  | { op: 'call'; tab: 0 | 1 }
  | { op: 'switch'; who: Who }
  | { op: 'formLogout' };
const who = fc.constantFrom<Who>('plain', 'pendingLimit');
const tab = fc.constantFrom<0 | 1>(0, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('login' as const), tab, who }),
  fc.record({ op: fc.constant('logout' as const), tab }),
  fc.record({ op: fc.constant('call' as const), tab }),
  fc.record({ op: fc.constant('switch' as const), who }),
  fc.record({ op: fc.constant('formLogout' as const) }),
);

/** One logout as the browser sent it: the login named, the cookie's before and after, what the API revoked. */
interface LogoutSeen {
  named: string | null;
  before: string | null;
  after: string | null;
  status: number;
  revoked: number;
}

/** One browser profile whose cookie's login is known (each cookie value mapped to its login id). */
function trackedBrowser() {
  const profile = browserProfile(fx.served.url);
  const loginOf = new Map<string, string>();
  const logouts: LogoutSeen[] = [];
  let inFlight = 0;
  const cookieLogin = () => {
    const v = profile.cookies.get(COOKIE);
    return v === undefined ? null : (loginOf.get(v) ?? `unknown:${v.slice(0, 8)}`);
  };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    inFlight++;
    try {
      const path = String(input);
      const before = cookieLogin();
      const named = new Headers(init?.headers).get('x-pam-login');
      const revokes = requestsTo(ref.server, '/auth/logout').length;
      const res = await profile.fetch(input, init);
      const now = profile.cookies.get(COOKIE);
      if (now !== undefined && !loginOf.has(now)) {
        const body = path.endsWith('/auth/login') && res.status === 200 ? await res.clone().json() : null;
        const id = (body as { server_session?: { login_id?: string } } | null)?.server_session?.login_id;
        loginOf.set(now, id ?? before ?? 'unknown');
      }
      if (path.endsWith('/auth/logout'))
        logouts.push({
          named,
          before,
          after: cookieLogin(),
          status: res.status,
          revoked: requestsTo(ref.server, '/auth/logout').length - revokes,
        });
      return res;
    } finally {
      inFlight--;
    }
  }) as typeof globalThis.fetch;
  return { fetch, cookieLogin, logouts, idle: () => inFlight === 0 };
}

const loginIdOf = (c: ReturnType<typeof createServerSessionClient>) =>
  (sessionActorOf(c).getSnapshot().context as unknown as { loginId: string | null }).loginId;
const BUSY = ['restoring', 'signingIn', 'signingOut'];

describe('a logout ends only the login it names; a tab follows the cookie (FIXLOGOUT28)', () => {
  it('two tabs, switches and form logouts in every order', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        ref.server.reset();
        const browser = trackedBrowser();
        const hub = new FakeChannelHub();
        const tabs = [0, 1].map(() =>
          createServerSessionClient({
            fetch: browser.fetch,
            flows: [userModule()],
            environment: { channel: hub.channel() },
          }),
        );
        const settled = async () => {
          // Quiet twice in a row: no request on its way, no tab mid-way.
          for (let quiet = 0; quiet < 2; ) {
            await until(
              () => browser.idle() && tabs.every((t) => !BUSY.includes(t.view.status)),
              () => `settled: ${tabs.map((t) => t.view.status)}`,
            );
            await turns(30);
            quiet = browser.idle() && tabs.every((t) => !BUSY.includes(t.view.status)) ? quiet + 1 : 0;
          }
        };
        // The tabs signed in among `some` make a call (its answer, a 401 for a login gone, settles
        // the tab): then none reads as signed in with a login the cookie no longer holds.
        const calls = async (some: typeof tabs) => {
          const signedIn = some.filter((t) => t.view.status === 'signedIn');
          await Promise.all(signedIn.map((t) => t.user.getAddress().catch(() => undefined)));
          await settled();
          const cookie = browser.cookieLogin();
          for (const t of some.filter((t) => t.view.status === 'signedIn')) expect(loginIdOf(t)).toBe(cookie);
        };
        try {
          await Promise.all(tabs.map((t) => t.ready));
          for (const s of steps) {
            if (s.op === 'login' && tabs[s.tab]!.view.status !== 'signedIn') {
              const { email, password } = ref.server.seed[s.who];
              tabs[s.tab]!.login({ login: email, password });
            } else if (s.op === 'logout') tabs[s.tab]!.logout();
            else if (s.op === 'switch' || s.op === 'formLogout') {
              const { email, password } = ref.server.seed[s.op === 'switch' ? s.who : 'plain'];
              const res = await browser.fetch(s.op === 'switch' ? '/pam/auth/login' : '/pam/auth/logout', {
                method: 'POST',
                headers: H,
                body: s.op === 'switch' ? JSON.stringify({ login: email, password }) : undefined,
              });
              await res.text();
            }
            await settled();
            if (s.op === 'call') await calls([tabs[s.tab]!]);
          }
          // At the end every tab makes its call.
          await calls(tabs);
          expect(browser.logouts.length).toBeGreaterThanOrEqual(
            steps.filter((s) => s.op === 'formLogout').length,
          );
          for (const l of browser.logouts) {
            // The login this logout ended (the cookie's before, gone after), if any.
            const ended = l.before !== null && l.after !== l.before ? l.before : null;
            if (l.named !== null) expect([null, l.named]).toContain(ended);
            if (l.named !== null && l.named !== l.before)
              expect({ status: l.status, revoked: l.revoked, after: l.after }).toEqual({
                status: 401,
                revoked: 0,
                after: l.before,
              });
          }
        } finally {
          for (const t of tabs) t.stop();
        }
      }),
      { numRuns: 40 },
    );
  });
});
