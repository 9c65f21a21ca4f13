// REVIEW104 defect (MEDIUM): a page load on the same device, while the profile read answers 503,
// signs the player out, deletes the stored session and gives no reason. This happens when the last
// save is "ahead" of the restoring clock, and an honest save usually is.
//
// What happens. Tab A learns the server's time from the answers' `Date` header. The offset is
// `Date + 500 - now` (machines/clock.ts:220). `Date` is rounded down to the second, so that is up to
// +500 ms on a device whose clock is exact, and +D on a device whose clock is D behind the server.
// A stores `savedAt` in server time (`timeBase: 'server'`). The next page load (B) has not learned
// an offset yet, so its reading is the device clock. If B starts within that offset of A's save,
// the save looks ahead of the reading, and restoreSession asks the server
// (machines/session/restore-session.ts:93, `past || r.savedAt > at`). serverSaysLive treats every
// rejection as "not live" (:33): a 503, a timeout or offline count the same as a 401. The restore then
// clears the store (:101) and returns null (:102). parts/restore.ts:29 takes null as "nothing stored":
// `signedOut`, `signedOutReason` null, no error.
//
// This is the 1-in-3 sign-out in test/review103/fail-closed.holds.test.ts. There the test's clock is
// exact, so it happens when A's answers came in the first half of a wall-clock second (offset > 0)
// and B restored less than that offset after A's save. Here the clock is pinned, so it happens every
// time. The second test shows a device 30 s behind the server, reloaded 10 s after its login.
// `client.stop()` does not clear the store (test/review104/restore.holds.test.ts), so the guard in
// review 103's test never fires.
//
// What should happen. docs/session.md:334-336: "restore (an API down at reload leaves `signedIn`
// with `restrictions.status: 'unknown'` and the error, never `null` and nothing said)".
// docs/time.md:126-132: when the clock cannot tell, the client asks the server "instead of signing
// out or trusting the token". No answer is no evidence against the token. The pull-back at :115 is
// already fail closed: the save is moved back to the reading and keeps its life, so the token is
// believed no longer than a save made now would give. Betting stays off either way (restrictions
// `unknown`). Signing out on a 503 protects nothing. It also deletes the session, so the next load
// cannot restore it either.
//
// Suggested fix: in serverSaysLive, tell a 401 (not live: clear, signed out, best with reason
// 'expired') apart from no answer (network, timeout, 5xx). For a save that is only ahead (not a past
// expiry), no answer should restore the pulled-back session (:115) and keep it stored; the profile
// flow's failed read then shows `unknown` with its error. A smaller fix: treat as ahead only a save
// beyond the clock's stated bound (`boundMs`, 2 s), which covers the rounding alone and not a slow
// device clock. Either way, test/session/defects-future-stamp.test.ts's 'never' case and property
// (0) must follow the fix.
import { createMemoryTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  vi.useRealTimers();
});

// A whole second of the wall clock. Only `Date` and `performance` are faked (frozen), so real I/O and
// timers run as usual and every reading is the same millisecond.
const T0 = Date.UTC(2026, 11, 7, 15, 0, 0);

/** Tab A signs in and is closed; `reloadAfterMs` later, B loads on the same store while the profile read answers 503. */
async function reloadDuringOutage(opts: { wallMs: number; serverAheadMs: number; reloadAfterMs: number }) {
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(opts.wallMs);
  const kit = createReferenceFetch({ now: () => Date.now() + opts.serverAheadMs });
  const storage = createMemoryTokenStore();
  const open = () => {
    const c = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      storage,
      environment: { channel: null },
      retry: 0,
    });
    stops.push(() => c.stop());
    return c;
  };
  const a = open();
  await until(() => a.view.status === 'signedOut', 'A restored nothing');
  a.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
  await until(
    () => a.view.restrictions?.status === 'current',
    () => `A: ${a.view.status} ${a.view.restrictions?.status}`,
  );
  expect(a.view.restrictions?.canBet).toBe(true);
  await until(() => storage.get() !== null, 'the session stored');
  const stored = storage.get();
  a.stop();
  expect(storage.get()).toEqual(stored); // (stop() leaves the store alone)

  vi.setSystemTime(Date.now() + opts.reloadAfterMs);
  kit.faults.add({ path: '/auth/user-profile', status: 503, body: { message: 'down' } });
  const b = open();
  await until(
    () =>
      (b.view.status === 'signedIn' && b.view.restrictions?.error != null) || b.view.status === 'signedOut',
    () => `B: ${b.view.status}`,
  );
  return { b, storage, stored };
}

describe('a reload during a 503 keeps the stored session (docs/session.md: signed in, restrictions unknown)', () => {
  it('an exact device clock, A answered in the first half of a second, reloaded at once', async () => {
    // A's answers at T0 + 100 ms carry `Date: T0`: its offset is +400 ms, its save at T0 + 500.
    const { b, storage, stored } = await reloadDuringOutage({
      wallMs: T0 + 100,
      serverAheadMs: 0,
      reloadAfterMs: 0,
    });
    expect({
      status: b.view.status,
      signedOutReason: b.view.signedOutReason,
      restrictions: b.view.restrictions?.status,
      canBet: b.view.restrictions?.canBet,
      stored: storage.get()?.accessToken,
    }).toEqual({
      status: 'signedIn',
      signedOutReason: null,
      restrictions: 'unknown',
      canBet: false,
      stored: stored?.accessToken,
    });
  });

  it('a device clock 30 s behind the server, reloaded 10 s after the login', async () => {
    const { b, storage, stored } = await reloadDuringOutage({
      wallMs: T0 + 900,
      serverAheadMs: 30_000,
      reloadAfterMs: 10_000,
    });
    expect(b.view.status).toBe('signedIn');
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(storage.get()?.accessToken).toBe(stored?.accessToken);
  });
});
