// The server session's absolute end is server time (`expiresAt`). The offset to server time can
// grow after sign-in (the clock learns the server is ahead): the end must still come, in server
// time, within the expiry timer's longest wait (EXPIRY_CHECK_MS), never later. The review found the
// timer armed once for `expiresAt - serverNow()` at sign-in: with the offset grown by 1 h the
// session stayed signed in an hour past its end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { guardCommands } from '../../machines/client/session-facade';
import { EXPIRY_CHECK_MS } from '../../machines/server-session/actors';
import { serverSessionMachine } from '../../machines/server-session/machine';
import { manualTimers } from '../support/manual-timers';
import { serverInput } from '../support/server-session-input';

const H = 3_600_000;
const AT = Date.UTC(2030, 0, 1);
const END = AT + 2 * H;

function start(t: { now: number; offset: number }) {
  const { timers, advance } = manualTimers(t);
  const base = serverInput({ now: () => t.now, serverNow: () => t.now + t.offset, random: () => 0.5 }, AT);
  const input = { ...base, deps: { ...base.deps, timers } };
  const actor = guardCommands(createActor(serverSessionMachine, { input: input as never })).start();
  return { actor, advance };
}

describe('server session: the absolute end in server time', () => {
  it('the offset grows by 1 h after sign-in: signed out within EXPIRY_CHECK_MS of the end', () => {
    const t = { now: AT, offset: 0 };
    const { actor, advance } = start(t);
    t.offset = H;
    advance(H - 1_000);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true); // server time AT + 2 h - 1 s: not yet
    advance(1_000 + EXPIRY_CHECK_MS);
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
  });

  it('generated steps of base time and offset jumps: never signed in past the end + EXPIRY_CHECK_MS, never out before it', () => {
    const step = fc.record({
      ms: fc.integer({ min: 0, max: 40 * 60_000 }),
      offset: fc.integer({ min: -3 * H, max: 3 * H }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const t = { now: AT, offset: 0 };
        const { actor, advance } = start(t);
        // Server time reached the end since this moment (null: not at the end now), and ever.
        let pastEndSince: number | null = null;
        let everPast = false;
        try {
          for (const s of steps) {
            t.offset = s.offset;
            // In slices, so server time is checked as it moves, not only at the step's end.
            for (let left = s.ms; left > 0; left -= 30_000) {
              advance(Math.min(30_000, left));
              const server = t.now + t.offset;
              pastEndSince = server >= END ? (pastEndSince ?? t.now) : null;
              everPast ||= server >= END;
              const out = actor.getSnapshot().value === 'signedOut';
              if (pastEndSince !== null && t.now - pastEndSince >= EXPIRY_CHECK_MS + 30_000)
                expect(out, `server time ${server - END} ms past the end`).toBe(true);
              if (out) expect(everPast, 'signed out before the end').toBe(true);
            }
          }
        } finally {
          actor.stop();
        }
      }),
      { numRuns: 150 },
    );
  });
});
