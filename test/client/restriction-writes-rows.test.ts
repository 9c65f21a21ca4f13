// The adapter watch's own table and limits check (machines/client/restriction-writes.ts, SSRW30):
// written out so the server-session client does not bundle every user call's reader with it, and
// held here to the rows and to the `updateLimits` reader they stand for.
import fc from 'fast-check';
import { USER_CALLS } from 'pam-client/internal';
import { describe, expect, it } from 'vitest';
import { limitsSent, RESTRICTION_WRITES } from '../../machines/client/restriction-writes';

describe('the adapter watch of restriction writes', () => {
  it('matches the user rows of the three restriction changes (PATCH, their paths)', () => {
    for (const [name, path] of Object.entries(RESTRICTION_WRITES)) {
      const row = USER_CALLS.rows[name as keyof typeof RESTRICTION_WRITES];
      expect({ name, method: row.method, path: row.path }).toEqual({ name, method: 'PATCH', path });
    }
    // (And every row that changes a restriction is in it: the calls of the module's limits file.)
    const limitRows = Object.entries(USER_CALLS.rows)
      .filter(([, r]) =>
        /^\/bff\/users\/(update-limits|timeout-limits|self-exclusion)$/.test(r.path as string),
      )
      .map(([n]) => n);
    expect(limitRows.sort()).toEqual(Object.keys(RESTRICTION_WRITES).sort());
  });

  const KINDS = ['deposit', 'bet', 'loss', 'time'];
  const key = fc
    .tuple(fc.constantFrom(...KINDS), fc.constantFrom('', '_active', '_period', '_change', '_x'))
    .map(([k, s]) => `user_limit_${k}${s}`);
  const value = fc.oneof(
    fc.constantFrom(0, 1, 2, -1, 1.5, 100, Number.NaN, Number.POSITIVE_INFINITY, null, undefined),
    fc.constantFrom('daily', 'weekly', 'monthly', 'yearly', '5', true),
  );
  const body = fc.dictionary(key, value, { maxKeys: 5 });
  /** The reader's output for a body whose every amount carries its flag: the body's fields, as given. */
  const flagged = (b: Record<string, unknown>) =>
    KINDS.every((k) => b[`user_limit_${k}`] === undefined || b[`user_limit_${k}_active`] !== undefined);
  const defined = (b: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined));

  it('keeps a body the updateLimits reader takes, as sent, and none it refuses', () => {
    let taken = 0;
    fc.assert(
      fc.property(body, (b) => {
        // (Against the body as it goes out: JSON drops a key whose value is undefined, so the reader,
        // which refuses a key it does not take even undefined, reads the wire's body: seen 1 in 6 runs,
        // { user_limit_deposit: 0, user_limit_deposit_change: undefined }.)
        const read = USER_CALLS.sent('updateLimits', defined(b));
        const kept = limitsSent('updateLimits', b);
        if (kept !== undefined) taken++;
        // Taken by both or by neither; taken, the body's fields as they go out.
        expect(kept).toEqual(read === undefined ? undefined : defined(b));
        // (The reader only adds a missing flag: each amount's flag given, its output is the same.)
        expect(flagged(b) ? kept : read).toEqual(read);
      }),
      {
        examples: [
          [{ user_limit_deposit: 100, user_limit_deposit_active: 1, user_limit_deposit_period: 'daily' }],
          [{ user_limit_bet: 5 }],
          [{ user_limit_loss: -1 }],
          [{ user_limit_time_change: 3 }],
          [{ user_limit_deposit: 0, user_limit_deposit_change: undefined }],
          [{}],
        ],
      },
    );
    expect(taken).toBeGreaterThan(0);
  });

  it('keeps none of a body it cannot read, nor of one not an object', () => {
    const hostile = Object.defineProperty({ user_limit_deposit: 5 }, 'user_limit_bet', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    for (const b of [hostile, null, undefined, 'user_limit_deposit', 7, []])
      expect(limitsSent('updateLimits', b)).toBeUndefined();
  });
});
