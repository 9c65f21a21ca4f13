// Review 79 (against 7dfdbfcd; helper 427). Fixed in the fifty-second pass (each case failed on
// 7dfdbfcd, seen): machine-setup.ts `readingEvents`, login/request.ts `boxRegistration` key by key,
// tokenRefreshMachine.ts `saved`, registrationMachine.ts `boxed` (`boxCaptcha`).
// What it checks: `tokenRefreshMachine` given `TOKEN_SAVED` (or `input.savedAt`) whose `savedAt` is
// the save time as a string ("1699999999000": read from storage without `Number()`, a hostile
// caller). The promise (API.md refresh cycle; the project's rule): bad input gets a typed error and
// never leaves the cycle stuck; a save time that is no number should be refused or read as "now",
// never postpone the refresh (docs in machines/tokenRefreshMachine.ts: a save in the future "must
// not postpone the refresh"). What happens: `saved()` (machines/tokenRefreshMachine.ts:112) keeps
// `savedAt` whenever `savedAt < now` holds, which JS's coercion makes true for a numeric string, so
// `tokenSavedAt` becomes the string; `dueAt` (src/session/token.ts:255) then concatenates
// `'1699999999000' + 21600000` = '169999999900021600000' (1.7e20 ms): the refresh is never due,
// no request ever goes out, the token expires while the machine sits in `active.idle` with no error.

import { tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

const T0 = 1_700_000_000_000;

function cycle(savedAt: unknown, viaInput = false) {
  const sim = new SimulatedClock();
  sim.set(T0);
  let calls = 0;
  const at: number[] = [];
  const actor = createActor(tokenRefreshMachine, {
    input: {
      auth: {
        refreshToken: async () => {
          calls++;
          at.push(sim.now() - T0);
          return { access_token: 'new-token' };
        },
      },
      now: () => sim.now(),
      ...(viaInput ? { savedAt: savedAt as number } : {}),
    },
    clock: sim,
  });
  actor.subscribe({ error: () => undefined });
  actor.start();
  if (!viaInput) actor.send({ type: 'TOKEN_SAVED', accessToken: 'tok', savedAt: savedAt as number });
  // Seven hours of the idle check (one minute at a time), and a navigation TICK each hour.
  for (let m = 0; m < 7 * 60; m++) {
    sim.increment(60_000);
    if (m % 60 === 0) actor.send({ type: 'TICK' });
  }
  const snap = actor.getSnapshot();
  actor.stop();
  return {
    calls,
    at,
    savedType: typeof snap.context.refresh.tokenSavedAt,
    error: snap.context.error?.code ?? null,
  };
}

describe('tokenRefreshMachine: a save time given as a string', () => {
  it('control: a numeric savedAt is refreshed within 7 h', () => {
    expect(cycle(T0).calls).toBeGreaterThan(0);
  });

  it('TOKEN_SAVED with savedAt "1699999999000" still refreshes within 7 h (or is refused as bad input)', () => {
    const r = cycle(String(T0 - 1000));
    expect(r.calls > 0 || r.error === 'invalid_request').toBe(true);
  });

  it('input.savedAt "1699999999000" still refreshes within 7 h (or is refused as bad input)', () => {
    const r = cycle(String(T0 - 1000), true);
    expect(r.calls > 0 || r.error === 'invalid_request').toBe(true);
  });
});
