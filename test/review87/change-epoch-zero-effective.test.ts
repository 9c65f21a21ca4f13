// Severity: MEDIUM.
//
// Promise (docs/responsible-gaming.md, "Fail closed"): "What the client cannot know it reports as
// unknown, never as allowed or absent"; `Restrictions.known` (src/responsible-gaming/restrictions.ts)
// counts "a start, end or earliest lift ... that is unreadable or at or before 1970-01-02, PHP's
// zero dates" as unreadable, and the assumptions table names `'1969-12-31 21:00:00'` as "PHP's
// `date()` of timestamp 0", never a real date; a `_change` "with no readable `effective_at`" makes
// the limit unknown. docs: "An active bet or loss limit of 0 bars betting ... until the player's
// looser change applies".
//
// What happens: a pending limit change (`user_limit_<kind>_change`, as an object or JSON string)
// whose `effective_at` is that same zero-date rendering (timestamp 0 written by PHP's date() in
// São Paulo, in UTC, or ISO with Z) is read as a real instant in 1970, long past: the looser change
// shows as APPLIED. An active bet or loss limit of 0 is lifted (`canBet` true, `known` true), and a
// time limit shows the looser amount, on a date the restriction fields themselves refuse to read.
// (The same zero date as a bare `_change` string is unknown, and as `user_pause_in` unreadable: only
// the change object's `effective_at` escapes the rule.) The session's view shows the same.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { restrictionsOf } from '../../src/index';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';

const NOW = Date.parse('2026-11-23T15:00:00Z');
const ZERO_DATES = [
  '1969-12-31 21:00:00', // date('Y-m-d H:i:s', 0) in America/Sao_Paulo
  '1970-01-01 00:00:00', // the same in UTC
  '1970-01-01T00:00:00.000000Z', // Laravel/Carbon of timestamp 0
  '1970-01-01T00:00:00Z',
];

const zeroLimit = (kind: 'bet' | 'loss', change: Record<string, unknown>) => ({
  [`user_limit_${kind}`]: 0,
  [`user_limit_${kind}_active`]: 1,
  [`user_limit_${kind}_period`]: 'daily',
  [`user_limit_${kind}_change`]: change,
});

describe('a limit change whose effective_at is PHP zero date (timestamp 0)', () => {
  const rows = ZERO_DATES.flatMap((at) =>
    (['bet', 'loss'] as const).flatMap((kind) => [
      { at, kind, change: { amount: 50, effective_at: at }, form: 'object, raised' },
      { at, kind, change: { active: 0, effective_at: at }, form: 'object, switched off' },
      { at, kind, change: JSON.stringify({ amount: 50, effective_at: at }), form: 'JSON, raised' },
    ]),
  );

  it.each(rows)('$kind limit of 0, change ($form) effective $at: still no betting', ({ kind, change }) => {
    const r = restrictionsOf(freeUserInfo(zeroLimit(kind, change as never)), NOW);
    expect(r.canBet).toBe(false);
  });

  it.each(ZERO_DATES)(
    'time limit 60/day, change to 600 effective %s: the looser amount is not shown applied',
    (at) => {
      const r = restrictionsOf(
        freeUserInfo({
          user_limit_time: 60,
          user_limit_time_active: 1,
          user_limit_time_period: 'daily',
          user_limit_time_change: { amount: 600, effective_at: at },
        }),
        NOW,
      );
      expect(r.limits.time.amount).toBe(60);
    },
  );
});

describe("through createPamClient's view", () => {
  const clients: PamClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });

  it("a loss limit of 0 with a raise 'effective' at PHP's timestamp 0 does not show the player free to bet", async () => {
    const kit = createReferenceFetch();
    const fetch = profileRewritingFetch(kit, (u) =>
      Object.assign(u, zeroLimit('loss', { amount: 50, effective_at: '1969-12-31 21:00:00' })),
    );
    const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null } });
    clients.push(c);
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.restrictions?.checkedAt != null, 'the profile read applied');
    expect(c.view.restrictions?.canBet).toBe(false);
  });
});
