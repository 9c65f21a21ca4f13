import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgotten } from '../../machines/session/context';
import { canAdopt, endsOurs, type HeardSession, heardOf } from '../../machines/session/order';
import type { SessionContext } from '../../machines/session/types';

// REVIEW-AK AK-1, the order's rule (machines/session/order.ts): an expiry ends only the login it
// names, whatever its counter; only a logout ends every login counted at or below it. A tab an
// expiry signed out takes another login whatever its counter (a tab opened since counts from a
// cleared store), but never one at or below a logout heard since (`heardOf`), at any counter.

type Held = Parameters<typeof endsOurs>[0];
const counter = fc.integer({ min: 0, max: 1_000 });
const sid = fc.integer({ min: 1, max: 50 });

const signedIn = (seq: number, s: number): Held => ({
  clock: seq,
  seq,
  sid: s,
  userId: 1,
  savedAt: 1_000,
  signedOut: null,
  signedOutReason: null,
  ended: [],
});

/** Signed out here by the expiry of login `s` at `seq`, then the logouts `heard` (counters) heard. */
const expiredHere = (seq: number, s: number, heard: number[]): Held => {
  let c: Held = {
    ...signedIn(seq, s),
    seq: null,
    sid: null,
    userId: null,
    savedAt: null,
    signedOut: { seq, sid: s, at: 1_000 },
    signedOutReason: 'expired',
    ended: [{ userId: 1, sid: s, seq, expired: true }],
  };
  for (const h of heard) c = { ...c, ...heardOf(c as SessionContext, h, 'logout') };
  return c;
};

const login = (seq: number, s: number, reason: 'login' | 'sync' = 'login'): HeardSession => ({
  session: { tokenType: 'Bearer', expiresAt: null, savedAt: 2_000, userId: 1, seq, sid: s, handle: 'h' },
  reason,
});

describe('an expiry ends only the login it names (AK-1)', () => {
  it("another login's expiry, at any counter, never ends ours; a logout above ours does", () => {
    fc.assert(
      fc.property(counter, sid, counter, sid, (seq, s, theirs, other) => {
        fc.pre(other !== s);
        const c = signedIn(seq, s);
        expect(endsOurs(c, { seq: theirs, sid: other, at: 2_000, reason: 'expired' })).toBe(false);
        expect(endsOurs(c, { seq: theirs, sid: other, at: 2_000, reason: 'logout' })).toBe(theirs >= seq);
        // Our own login's expiry still ends it (at or above our counter).
        expect(endsOurs(c, { seq: Math.max(theirs, seq), sid: s, at: 2_000, reason: 'expired' })).toBe(true);
      }),
    );
  });

  it('signed out by an expiry: another login taken whatever its counter, but none a logout heard since ended', () => {
    fc.assert(
      fc.property(
        counter,
        sid,
        fc.array(counter, { maxLength: 3 }),
        counter,
        sid,
        fc.constantFrom<'login' | 'sync'>('login', 'sync'),
        (seq, s, logouts, theirs, other, reason) => {
          fc.pre(other !== s);
          const c = expiredHere(seq, s, logouts);
          const floor = Math.max(-1, ...logouts.filter((h) => h >= seq));
          expect(canAdopt(c, login(theirs, other, reason))).toBe(theirs > floor);
          // The login that expired here is never taken again at or below its expired counter (a
          // newer token of it is that login alive in another tab, which won a refresh race: REVIEW-M).
          expect(canAdopt(c, login(Math.min(theirs, seq), s, 'sync'))).toBe(false);
        },
      ),
      // A generated counterexample (merge of AK-1): a logout heard after the expiry, at the very
      // counter of another login: that login ended with it (the tie was broken by login id).
      { examples: [[0, 1, [992], 992, 2, 'login']] },
    );
  });

  it('a logout heard stays the floor when a later login of this tab expires (REVIEW-25 R25-4)', () => {
    fc.assert(
      fc.property(
        counter,
        sid,
        fc.array(counter, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 100 }),
        sid,
        counter,
        sid,
        (seq, s, logouts, above, later, theirs, other) => {
          fc.pre(other !== s && other !== later);
          // Signed out by an expiry, logouts heard; then a later login here, above every logout…
          const out = expiredHere(seq, s, logouts);
          const floor = Math.max(-1, ...logouts.filter((h) => h >= seq));
          const top = Math.max(seq, ...logouts) + above;
          const held = {
            ...out,
            ...signedIn(top, later),
            signedOut: out.signedOut,
            signedOutReason: out.signedOutReason,
          };
          // …which expires too.
          const c = {
            ...held,
            ...forgotten(held as SessionContext, { reason: 'expired', at: 3_000 }),
          } as Held;
          // Another login is taken only above the logouts heard (and any counter when none was).
          expect(canAdopt(c, login(theirs, other))).toBe(theirs > floor);
        },
      ),
      // The review's case: a logout at 5 heard, a later login at 7 expired, a login at 4 offered.
      { examples: [[0, 1, [5], 2, 3, 4, 2]] },
    );
  });
});
