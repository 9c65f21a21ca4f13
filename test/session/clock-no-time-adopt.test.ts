import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pulledBack } from '../../machines/session/order';
import { readingOf } from '../../machines/session/refresh';
import { adoptedTokenSaved } from '../../machines/session/tabs';
import type { ClockReading, SessionContext, SessionMeta } from '../../machines/session/types';
import { UnexpectedError } from '../../src/index';

// Another tab's session adopted while this tab's clock gives no time (`readClock`'s `error`, read
// at 0): nothing is judged at that non-reading. Its times are taken as given (never pulled back to
// 0, which would make the token look long expired: a sign-out without asking at the next good
// TICK), and the refresh cycle restarts on its own reading (never at 0: a refresh due at once).

const noTime = (): ClockReading => ({
  at: 0,
  serverAt: 0,
  trusted: false,
  learned: false,
  error: new UnexpectedError('clock'),
});

const meta = fc.record({
  tokenType: fc.constant('Bearer'),
  savedAt: fc.integer({ min: 1, max: 4_102_444_800_000 }),
  life: fc.option(fc.integer({ min: 1, max: 86_400_000 }), { nil: null }),
  timeBase: fc.constantFrom('server' as const, 'device' as const),
  seq: fc.nat(),
  sid: fc.nat(),
});

describe('a session adopted at no time', () => {
  it('property: its times are kept as given; a reading that gave time still pulls a save ahead of it back', () => {
    fc.assert(
      fc.property(meta, fc.integer({ min: 1, max: 4_102_444_800_000 }), (m, t) => {
        const session: SessionMeta = { ...m, expiresAt: m.life === null ? null : m.savedAt + m.life };
        expect(pulledBack(session, noTime())).toMatchObject({
          savedAt: session.savedAt,
          expiresAt: session.expiresAt,
        });
        const good = pulledBack(session, { at: t, serverAt: t, trusted: true });
        expect(good.savedAt).toBe(Math.min(session.savedAt, t));
      }),
    );
  });

  it('the refresh cycle restarts on its own reading, not at 0', () => {
    const c = { savedAt: 1_000, expiresAt: 3_601_000, timeBase: 'server' } as SessionContext;
    const told = adoptedTokenSaved(c, { reading: noTime() } as never);
    expect(told).not.toHaveProperty('at');
    expect(told).toMatchObject({ savedAt: 1_000, expiresAt: 3_601_000 });
    // A restore's or login's reading of no time is none either.
    expect(readingOf({ output: { reading: noTime() } })).toBeUndefined();
    expect(readingOf({ reading: { at: 5, serverAt: 6, trusted: true } })).toMatchObject({ at: 5 });
  });
});
