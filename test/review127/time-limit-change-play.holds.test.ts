import { describe, expect, it } from 'vitest';
import { H } from './oracle';
import { PROFILE, sessionWorld } from './session-support';

// Review 127: a stricter time limit (Portaria 2.579/2025) that a pending change brings in, with no
// new answer of the server: the play time already counted today is judged against it from the
// earliest instant its naive effective_at may mean (docs: a stricter change, -18 h).

const w = sessionWorld();
const naive = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');

describe('a pending stricter time limit meets the play time counted (review 127)', () => {
  it('600 min a day becoming 60 min a day (effective in 20 h, naive): reached once it applies, 2 h on', async () => {
    const sim = w.ctx.clock(Date.UTC(2026, 10, 18, 11)); // 08:00 in São Paulo
    const t0 = sim.now();
    const body = await w.profileWith(w.ctx.server.seed.plain.id, {
      user_limit_time: 600,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
      user_limit_time_change: JSON.stringify({
        amount: 60,
        active: 1,
        period: 'daily',
        effective_at: naive(t0 + 20 * H),
      }),
    });
    w.ctx.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
    const c = await w.signIn(sim);
    expect(c.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    await w.advance(sim, 2 * H - 60_000, 15_000);
    expect(c.view.playTime?.reached).toBe(false);
    expect(c.view.restrictions?.canBet).toBe(true);
    await w.advance(sim, 120_000, 15_000);
    expect(c.view.restrictions?.limits.time).toMatchObject({ amount: 60, period: 'daily' });
    expect(c.view.playTime?.reached).toBe(true);
    expect(c.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
  });
});
