// Review 152: `client.stop()` while the client waits to try again: a refresh answered 503 (its
// backoff), the profile read after sign-in answered 503 or dropped (its retries), a pause write
// answered 503 (an unknown outcome: the account read again with backoff), a read answered 401 (a
// refresh, its answer held). The stop falls at a
// generated moment, up to minutes in; hours later nothing was sent after it and no timer is left.
import fc from 'fast-check';
import type { FaultSpec } from 'pam-client/testing';
import { describe, it } from 'vitest';
import { act, H, type Move, PASSWORD, runCase, S, signIn, until, wait } from './stop-world';

const REFRESH = '/users/refresh-token';
const PROFILE = '/auth/user-profile';
const PAUSE = '/bff/users/timeout-limits';
const RUNS = Number(process.env.REV152_RUNS ?? 25);

type Case = { before: Move[]; moves: Move[]; faults: FaultSpec[] };
const failing = (path: string, times: number, kind: 'status' | 'drop'): FaultSpec =>
  kind === 'drop' ? { path, drop: true, times } : { path, status: 503, times };

const CASES: Record<string, (times: number, kind: 'status' | 'drop') => Case> = {
  refresh: (times, kind) => ({
    before: [...signIn(), wait(6 * H - 2 * 60 * S, 60 * S)],
    moves: [
      until('refresh sent', (r) => r.w.sent.some((s) => s.path === REFRESH), 10 * 60 * S, S),
      wait(5 * 60 * S, S),
    ],
    faults: [failing(REFRESH, times, kind)],
  }),
  profile: (times, kind) => ({
    before: [],
    moves: signIn(),
    faults: [failing(PROFILE, times, kind)],
  }),
  pause: (times, kind) => ({
    before: signIn(),
    moves: [
      act('pause', (r) => {
        r.client
          .user!.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: PASSWORD })
          .catch(() => {});
      }),
      wait(5 * S),
      act('profile faults', (r) => void r.w.kit.faults.add(failing(PROFILE, times, kind))),
      wait(3 * 60 * S, S),
    ],
    faults: [failing(PAUSE, 1, kind)],
  }),
  // A call answered 401: the session refreshes (a grant, detached), the call goes again.
  unauthorized: (times) => ({
    before: signIn(),
    moves: [
      act('history', (r) => {
        r.client.user!.getLoginHistory().catch(() => {});
      }),
      wait(50),
      wait(2 * S),
      wait(60 * S, S),
    ],
    faults: [{ path: '/bff/users/login-history', status: 401, times }],
  }),
};

describe('review 152: stop() while the client waits to try again', () => {
  it('nothing sent after the stop, no timer left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(CASES)),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('status' as const, 'drop' as const),
        fc.record({
          k: fc.integer({ min: 0, max: 5 }),
          ms: fc.constantFrom(0, 10, 500, 5 * S, 31 * S, 65 * S, 3 * 60 * S),
          turns: fc.nat(20),
        }),
        async (name, times, kind, stopAt) => {
          const c = CASES[name]!(times, kind);
          await runCase(
            name === 'unauthorized' ? { [REFRESH]: 300 * times } : {},
            c.before,
            c.moves,
            stopAt,
            [PASSWORD],
            c.faults,
          );
        },
      ),
      { seed: 1525, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
