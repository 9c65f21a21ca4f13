import { describe, expect, it } from 'vitest';
import { H } from './oracle';
import { PROFILE, sessionWorld } from './session-support';

// Review 127: the session view (`client.view.restrictions`) through createPamClient against the
// reference server (real sockets), on one simulated clock: what time alone brings into force
// without any new answer of the server must bar at its instant.

const w = sessionWorld();
const iso = (ms: number) => new Date(ms).toISOString();
/** São Paulo naive wall time (UTC-3). */
const naive = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');

describe('session view at the instants time alone changes (review 127)', () => {
  it('a self-exclusion scheduled 20 h ahead (naive) is pending, then bars from its start - 18 h with no new read', async () => {
    const sim = w.ctx.clock();
    const t0 = sim.now();
    const body = await w.profileWith(w.ctx.server.seed.plain.id, {
      user_exclusion: 3,
      user_exclusion_at: naive(t0 + 20 * H),
      user_exclusion_in: naive(t0 + 20 * H + 100 * 86_400_000),
    });
    w.ctx.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
    const c = await w.signIn(sim);
    expect(c.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(c.view.restrictions!.pending.map((r) => r.kind)).toEqual(['selfExclusion']);
    await w.advance(sim, 2 * H - 5000, 60_000);
    expect(c.view.restrictions?.canBet).toBe(true);
    await w.advance(sim, 5000);
    expect(c.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
  });

  it('a stricter change to a bet limit of 0 effective in 30 h (naive) bars from 12 h on', async () => {
    const sim = w.ctx.clock();
    const t0 = sim.now();
    const body = await w.profileWith(w.ctx.server.seed.plain.id, {
      user_limit_bet: 100,
      user_limit_bet_active: 1,
      user_limit_bet_period: 'daily',
      user_limit_bet_change: JSON.stringify({
        amount: 0,
        active: 1,
        period: 'daily',
        effective_at: naive(t0 + 30 * H),
      }),
    });
    w.ctx.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
    const c = await w.signIn(sim);
    expect(c.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    await w.advance(sim, 12 * H, 60_000);
    expect(c.view.restrictions?.canBet).toBe(false);
    expect(c.view.restrictions?.inForce.map((r) => r.kind)).toContain('betLimitZero');
  });

  it('a pause ending at São Paulo midnight (Z) bars until it, and the midnight re-check sees a new SPA bar', async () => {
    const sim = w.ctx.clock();
    const t0 = sim.now(); // 12:00 in São Paulo
    const midnight = t0 + 12 * H;
    const body = await w.profileWith(w.ctx.server.seed.plain.id, {
      user_pause: 1,
      user_pause_at: iso(midnight - 86_400_000),
      user_pause_in: iso(midnight),
    });
    const drop = w.ctx.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
    const c = await w.signIn(sim);
    expect(c.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    await w.advance(sim, 12 * H - 60_000, 60_000);
    expect(c.view.restrictions?.canBet).toBe(false);
    // The register bars the player during the evening; the server's own profile from now on.
    drop();
    w.ctx.server.setSpaBarred(w.ctx.server.seed.plain.cpf, true);
    await w.advance(sim, 60_000 - 1);
    expect(c.view.restrictions?.canBet).toBe(false);
    await w.advance(sim, 5_000);
    expect(c.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    expect(c.view.restrictions?.inForce.map((r) => r.kind)).toContain('spaExclusion');
  });
});
