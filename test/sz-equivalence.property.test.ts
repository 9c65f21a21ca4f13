// Old-versus-new equivalence of the SZB size cuts (issue 33): each oracle is the code before the cut
// (93a7d3d), copied; the properties compare it with the shipped one over generated inputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SessionView, sameView } from '../machines/client/session-facade';
import { type PlayClockRecord, playClockRecordOf } from '../machines/play-time/clock';
import { type PlayTimeContext, type PlayTimeLimit, playTimeOf } from '../machines/playTimeMachine';

// ---- The oracles (93a7d3d) ----

const oldActiveLimit = (l: PlayTimeLimit | null) =>
  l?.active === true &&
  Number.isFinite(l.amount) &&
  (l.amount as number) >= 0 &&
  /^(daily|weekly|monthly)$/.test(l.period as string)
    ? l
    : null;

function oldSameView(a: SessionView, b: SessionView): boolean {
  for (const key of Object.keys(a) as (keyof SessionView)[]) if (!Object.is(a[key], b[key])) return false;
  return true;
}

const OLD_KINDS = ['daily', 'weekly', 'monthly'];
const oldKindOf = (key: string) => key.slice(0, key.indexOf(':'));
function oldCountOf(value: unknown) {
  if (typeof value !== 'object' || value === null) return null;
  const { periodKey, usedMs } = value as { periodKey: unknown; usedMs: number };
  if (typeof periodKey !== 'string' || periodKey.length > 40) return null;
  if (!Number.isFinite(usedMs) || usedMs < 0) return null;
  return { periodKey, usedMs };
}
function oldCountsOf(value: unknown) {
  const count = oldCountOf(value);
  const second = count && oldCountOf((value as { other: unknown }).other);
  return count && (second ? { ...count, other: second } : count);
}
function oldPlayClockRecordOf(value: unknown): PlayClockRecord | null {
  const count = oldCountsOf(value);
  if (!count) return null;
  const { lastBeat, since, behind, kinds } = value as {
    lastBeat: number;
    since: number;
    behind: number;
    kinds: unknown;
  };
  const each = OLD_KINDS.flatMap((k) => {
    const c = oldCountsOf((kinds as Record<string, unknown> | null)?.[k]);
    return c && oldKindOf(c.periodKey) === k ? [[k, c] as const] : [];
  });
  return {
    ...count,
    lastBeat: Number.isFinite(lastBeat) ? lastBeat : null,
    ...(Number.isFinite(since) ? { since } : {}),
    ...(behind > 0 && Number.isFinite(behind) ? { behind } : {}),
    ...(each.length ? { kinds: Object.fromEntries(each) } : {}),
  };
}

// ---- Generators ----

const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0),
);
const loose = fc.oneof(anyNumber, fc.string(), fc.constant(null), fc.constant(undefined), fc.boolean());
const period = fc.oneof(
  fc.constantFrom('daily', 'weekly', 'monthly', 'Daily', 'daily ', 'day', ''),
  fc.constantFrom(['daily'], ['weekly', 'x'], { toString: () => 'monthly' }, {}, 7),
  loose,
);
const limit = fc.oneof(
  fc.constant(null),
  fc.record({ amount: fc.oneof(anyNumber, loose), period, active: fc.oneof(fc.boolean(), loose) }),
) as fc.Arbitrary<PlayTimeLimit | null>;

const context = (l: PlayTimeLimit | null) =>
  ({ limit: l, unitMs: 60_000, warnAt: 0.8, clock: null, own: null }) as unknown as PlayTimeContext;

const key = fc.oneof(
  fc.constantFrom('daily:2026-11-23', 'weekly:2026-11-23', 'monthly:2026-11', 'x'.repeat(41)),
  fc.string(),
  loose,
);
const count = fc.oneof(
  loose,
  fc.record(
    {
      periodKey: key,
      usedMs: fc.oneof(anyNumber, loose),
      other: fc.oneof(loose, fc.record({ periodKey: key, usedMs: anyNumber })),
    },
    { requiredKeys: [] },
  ),
);
const record = fc.oneof(
  fc.anything(),
  fc.record(
    {
      periodKey: key,
      usedMs: fc.oneof(anyNumber, loose),
      other: count,
      lastBeat: fc.oneof(anyNumber, loose),
      since: fc.oneof(anyNumber, loose),
      behind: fc.oneof(anyNumber, loose),
      kinds: fc.oneof(
        loose,
        fc.record({ daily: count, weekly: count, monthly: count }, { requiredKeys: [] }),
      ),
    },
    { requiredKeys: ['periodKey', 'usedMs'] },
  ),
);

describe('SZB size cuts: the same as before', () => {
  it('the active time limit (KINDS.includes(String(period)) for the period test)', () => {
    fc.assert(
      fc.property(limit, (l) => {
        const was = oldActiveLimit(l);
        const is = playTimeOf(context(l));
        expect(is === null).toBe(was === null);
        if (was) expect(is?.period).toBe(was.period);
      }),
      { numRuns: 2000 },
    );
  });

  it('playClockRecordOf (its optional fields spread with &&)', () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(playClockRecordOf(value)).toStrictEqual(oldPlayClockRecordOf(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sameView (Object.keys(...).every)', () => {
    const values = fc.constantFrom<unknown>(null, 0, -0, Number.NaN, 'a', {}, [], undefined);
    const view = fc.dictionary(fc.constantFrom('status', 'user', 'error', 'playTime'), values);
    fc.assert(
      fc.property(view, view, (a, b) => {
        const [x, y] = [a as unknown as SessionView, b as unknown as SessionView];
        expect(sameView(x, y)).toBe(oldSameView(x, y));
      }),
      { numRuns: 2000 },
    );
  });
});
