import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { initialContext, servicesOf } from '../../machines/session/context';
import { internal } from '../../machines/session/events';
import type { SealedLogin } from '../../machines/session/login';
import { signedInFrom } from '../../machines/session/login';
import { COUNTER_MAX, drawLoginId, heardOf } from '../../machines/session/order';
import { refreshed } from '../../machines/session/refresh';
import { adopted } from '../../machines/session/tabs';
import type { SessionContext } from '../../machines/session/types';

// Issue 26 "counters and ids from one definition": the generators draw counters and login ids
// from the same constant the schema bounds them by (COUNTER_MAX), with the bound itself and the
// values just past it weighted in. Property: whatever accepted messages a tab hears, in any order,
// the next login, refresh and sign-out it sends are accepted by every other tab's schema.

const envelope = { app: 'pam-client', v: 1, from: 'other-tab' };
const accepted = (m: unknown) => !('refused' in parseMessage(m));
const sessionMessage = (seq: number, sid: number, reason = 'login') => ({
  ...envelope,
  type: 'session',
  reason,
  session: { accessToken: 'tok', tokenType: 'Bearer', expiresAt: null, savedAt: 1, userId: 1, seq, sid },
  user: null,
});
const signedOutMessage = (seq: number | null, sid: number | null) => ({
  ...envelope,
  type: 'signedOut',
  at: null,
  seq,
  sid,
  reason: 'logout',
});

/** A counter as the generators draw it: the whole range, its edges, and just past the top. */
const counter = fc.oneof(
  fc.integer({ min: 0, max: COUNTER_MAX }),
  fc.constantFrom(0, 1, COUNTER_MAX - 1, COUNTER_MAX, COUNTER_MAX + 1, 2 ** 53 - 1),
  fc.integer({ min: COUNTER_MAX - 4, max: COUNTER_MAX + 4 }),
);
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

type Step =
  | { kind: 'heardSignedOut'; seq: number; sid: number }
  | { kind: 'heardSession'; seq: number; sid: number }
  | { kind: 'login'; r: number }
  | { kind: 'refresh' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('heardSignedOut' as const), seq: counter, sid: counter }),
  fc.record({ kind: fc.constant('heardSession' as const), seq: counter, sid: counter }),
  fc.record({ kind: fc.constant('login' as const), r: draw }),
  fc.constant({ kind: 'refresh' as const }),
);

const start = (): SessionContext =>
  initialContext({ auth: {} as never, tokens: createMemoryTokenStore(), environment: { now: () => 1_000 } });

function apply(c: SessionContext, s: Step): SessionContext {
  switch (s.kind) {
    case 'heardSignedOut': {
      if (!accepted(signedOutMessage(s.seq, s.sid))) return c;
      return { ...c, ...heardOf(c, s.seq) };
    }
    case 'heardSession': {
      if (!accepted(sessionMessage(s.seq, s.sid))) return c;
      const e = internal({
        type: 'ADOPT',
        session: {
          tokenType: 'Bearer',
          expiresAt: null,
          savedAt: 1,
          userId: 1,
          seq: s.seq,
          sid: s.sid,
          handle: 'h',
        },
        user: null,
        reason: 'login',
        otherLogin: true,
      });
      return { ...c, ...adopted(c, e) } as SessionContext;
    }
    case 'login': {
      const output = {
        access_token: 'h',
        user: { id: 1 },
        issued: { at: 1_000, sid: drawLoginId(() => s.r) },
      };
      return { ...c, ...signedInFrom(c, output as unknown as SealedLogin) } as SessionContext;
    }
    case 'refresh':
      return c.seq === null ? c : ({ ...c, ...refreshed(c, servicesOf(c).serverNow()) } as SessionContext);
  }
}

describe('counters from one definition (issue 26 rule)', () => {
  it('no accepted message makes the next valid one invalid', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), draw, (steps, r) => {
        let c = start();
        for (const s of steps) {
          c = apply(c, s);
          expect(c.clock).toBeLessThanOrEqual(COUNTER_MAX);
          if (c.seq !== null && c.sid !== null) {
            expect(accepted(sessionMessage(c.seq, c.sid, 'refresh'))).toBe(true);
            expect(accepted(signedOutMessage(c.seq, c.sid))).toBe(true);
          }
        }
        const next = apply(c, { kind: 'login', r });
        expect(accepted(sessionMessage(next.seq as number, next.sid as number))).toBe(true);
        const after = apply(next, { kind: 'refresh' });
        expect(accepted(sessionMessage(after.seq as number, after.sid as number, 'refresh'))).toBe(true);
        expect(accepted(signedOutMessage(after.seq, after.sid))).toBe(true);
      }),
      { seed: 26, numRuns: 400 },
    );
  });

  it('every login id drawn is one the schema accepts', () => {
    fc.assert(
      fc.property(draw, (r) => {
        const sid = drawLoginId(() => r);
        expect(sid).toBeGreaterThanOrEqual(0);
        expect(sid).toBeLessThanOrEqual(COUNTER_MAX);
        expect(accepted(sessionMessage(1, sid))).toBe(true);
      }),
      { seed: 26, numRuns: 400 },
    );
  });
});
