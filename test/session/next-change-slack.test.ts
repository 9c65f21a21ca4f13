import { describe, expect, it } from 'vitest';
import { nextChangeAt, START_SLACK_MS as SESSION_SLACK } from '../../machines/session/profile-rules';
import { restrictionsOf, START_SLACK_MS } from '../../src/responsible-gaming/restrictions';
import { freeUserInfo } from '../support/free-user-info';

// A pending restriction comes into force START_SLACK_MS before its start (review MED-2: a naive
// time in another zone reads up to 17 h late), so the session re-derives then, not at its start.

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 30, 12);
const iso = (ms: number) => new Date(ms).toISOString();

describe('nextChangeAt and the start slack', () => {
  it('re-derives a pending pause when it comes into force, 18 h before its start', () => {
    const start = NOW + 20 * H;
    const info = freeUserInfo({
      user_pause: 1,
      user_pause_at: iso(start),
      user_pause_in: iso(start + 48 * H),
    });
    const r = restrictionsOf(info, NOW);
    expect(r.pending).toHaveLength(1);
    expect(r.canBet).toBe(true);
    const at = nextChangeAt(r, NOW);
    expect(at).toBe(start - START_SLACK_MS);
    // At that moment the pause is in force.
    expect(restrictionsOf(info, at!).canBet).toBe(false);
    expect(restrictionsOf(info, at! - 1).canBet).toBe(true);
  });

  it('a pending self-exclusion too (the session constant equals restrictionsOf one)', () => {
    expect(SESSION_SLACK).toBe(START_SLACK_MS);
    const start = NOW + 30 * H;
    const r = restrictionsOf(
      freeUserInfo({
        user_exclusion: 3,
        user_exclusion_at: iso(start),
        user_exclusion_in: iso(start + 90 * 24 * H),
      }),
      NOW,
    );
    expect(nextChangeAt(r, NOW)).toBe(NOW + 12 * H);
  });
});
