import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { free, NOON, seedOf, startSeeded, UNAVAILABLE } from './seeded-client';

// REVIEW-26B B-1, generated: tab X's changes in flight for login-1 (each with what is left of its
// bar, `ms`, or none: the whole bar), heard while this tab holds no login, login-2 or login-1; a
// same-origin script's floods (`inflight` for made-up logins, for login-1 with no time left, its
// releases in its own names) and words (`signedIn`: this tab reads the session again); the session
// answering login-1, login-2 or `unavailable`; simulated time. No view of login-1 is free to bet
// while a change of X's is within its bar (45 s at most, from when it was heard), and the kept
// changes never exceed 64 and the one entry the cap folds into. X's changes are heard now and then
// while the clock gives no time (R27-3): no timer storm, no NaN kept, never a permanent bar.

const BAR = 45_000;
const LOGINS = ['login-1', 'login-2', 'unavailable'] as const;
type Step =
  | { k: 'real'; id: number; ms: number | null; noTime: boolean }
  | { k: 'junk'; n: number }
  | { k: 'zero'; n: number }
  | { k: 'release'; id: number }
  | { k: 'word'; login: 'login-1' | 'login-2' }
  | { k: 'session'; login: (typeof LOGINS)[number] }
  | { k: 'advance'; ms: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    k: fc.constant('real' as const),
    id: fc.nat(3),
    ms: fc.option(fc.nat(60_000)),
    noTime: fc.boolean(),
  }),
  fc.record({ k: fc.constant('junk' as const), n: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ k: fc.constant('zero' as const), n: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ k: fc.constant('release' as const), id: fc.nat(3) }),
  fc.record({
    k: fc.constant('word' as const),
    login: fc.constantFrom('login-1' as const, 'login-2' as const),
  }),
  fc.record({ k: fc.constant('session' as const), login: fc.constantFrom(...LOGINS) }),
  fc.record({ k: fc.constant('advance' as const), ms: fc.integer({ min: 100, max: 20_000 }) }),
);

describe('B-1: kept changes under generated floods (property)', () => {
  it('no view of login-1 is free while a change of it told by another tab is within its bar', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const hub = new FakeChannelHub();
        const other = hub.channel();
        let login: (typeof LOGINS)[number] = 'unavailable';
        let t: { now: number; offset: number } | undefined;
        const at = () => t!.now + t!.offset;
        const s = startSeeded(undefined, {
          at: NOON,
          channel: hub.channel(),
          answer: (path) =>
            path.endsWith('/session')
              ? {
                  status: 200,
                  body: login === 'unavailable' ? UNAVAILABLE : seedOf({ readAt: at(), loginId: login }),
                }
              : path.includes('/auth/user-profile')
                ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
                : 'hang',
        });
        t = s.t;
        const ctx = () =>
          s.client.session.getSnapshot().context as { loginId: string | null; inFlightHeard: unknown[] };
        // Until when X's changes bar (server time), and what broke the claim.
        let barredUntil = Number.NEGATIVE_INFINITY;
        const bad: string[] = [];
        let junk = 0;
        const unknown = new Set<number>();
        s.client.subscribe((v) => {
          if (free(v) && ctx().loginId === 'login-1' && at() < barredUntil)
            bad.push(`free at ${at() - NOON} (barred until ${barredUntil - NOON})`);
        });
        const check = () => {
          if (ctx().inFlightHeard.length > 65) bad.push(`kept ${ctx().inFlightHeard.length}`);
          if ((ctx().inFlightHeard as { until: number }[]).some((e) => Number.isNaN(e.until)))
            bad.push('NaN kept');
        };
        try {
          await turns(20);
          for (const st of steps) {
            if (st.k === 'real') {
              barredUntil = Math.max(barredUntil, at() + Math.min(st.ms ?? BAR, BAR));
              // (Heard while the clock gives no time, R27-3: barred until released, or folded, the bar from the latest time known.)
              const offset = t.offset;
              if (st.noTime) {
                t.offset = Number.NaN;
                unknown.add(st.id);
              }
              other.postMessage(
                forged({
                  type: 'inflight',
                  loginId: 'login-1',
                  kind: 'pause',
                  id: `p${st.id}`,
                  settled: false,
                  from: 'tab-x',
                  ...(st.ms !== null && { ms: st.ms }),
                }),
              );
              await turns(10);
              t.offset = offset;
            } else if (st.k === 'junk' || st.k === 'zero')
              for (let i = 0; i < st.n; i++, junk++)
                other.postMessage(
                  forged({
                    type: 'inflight',
                    loginId: st.k === 'junk' ? `junk-${junk}` : 'login-1',
                    kind: 'pause',
                    id: `j${junk}`,
                    settled: false,
                    from: `script-${junk}`,
                    ...(st.k === 'zero' && { ms: 0 }),
                  }),
                );
            else if (st.k === 'release')
              other.postMessage(
                forged({
                  type: 'inflight',
                  loginId: 'login-1',
                  kind: 'pause',
                  id: `p${st.id}`,
                  settled: true,
                }),
              );
            else if (st.k === 'word') other.postMessage(forged({ type: 'signedIn', loginId: st.login }));
            else if (st.k === 'session') login = st.login;
            else
              for (let ms = 0; ms < st.ms; ms += 500) {
                s.advance(Math.min(500, st.ms - ms));
                await turns(3);
              }
            await turns(10);
            check();
          }
          // The flood only bars, for its own bar at most: login-1 read, past every end (X's released:
          // one heard with no time bars until then), it is free.
          for (const id of unknown)
            other.postMessage(
              forged({
                type: 'inflight',
                loginId: 'login-1',
                kind: 'pause',
                id: `p${id}`,
                settled: true,
                from: 'tab-x',
              }),
            );
          barredUntil = Number.NEGATIVE_INFINITY;
          login = 'login-1';
          other.postMessage(forged({ type: 'signedIn', loginId: 'login-1' }));
          for (let i = 0; i < 50; i++) {
            s.advance(1_000);
            await turns(3);
          }
          expect(bad).toEqual([]);
          expect(s.client.view.status).toBe('signedIn');
          expect(free(s.client.view)).toBe(true);
        } finally {
          s.client.stop();
        }
      }),
      { numRuns: 60 },
    );
  });
});
