import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { freeInfo } from './oracle';
import { PROFILE, sessionWorld } from './session-support';

// Review 127: the exclusion flags in the forms a PHP/MySQL back end writes (docs' table), the SPA
// register read (`check_spa_again=1` on every profile fetch, spec 4.1), and `now` in seconds.

const w = sessionWorld();
const NOW = Date.UTC(2026, 10, 18, 15);

describe('exclusion flags, the SPA read, epoch seconds (review 127)', () => {
  const set: unknown[] = [1, true, '1', '1.00', ' 1 ', 'TRUE', ' true ', '+1', '1e0', 1.0];
  const odd: unknown[] = [2, 'yes', '', [1], {}, '1,00', 'sim', Number.NaN, '0x1', undefined];
  for (const field of ['spa_exclusion', 'operator_exclusion'] as const) {
    it(`${field}: every "set" form bars and blocks the account`, () => {
      for (const v of set) {
        const r = restrictionsOf({ ...freeInfo(), [field]: v }, NOW);
        expect({ v, canBet: r.canBet, blocked: r.accountBlocked }).toEqual({
          v,
          canBet: false,
          blocked: true,
        });
      }
    });
    it(`${field}: an odd or absent form is unknown, blocked (fail closed)`, () => {
      for (const v of odd) {
        const r = restrictionsOf({ ...freeInfo(), [field]: v }, NOW);
        expect({ v, canBet: r.canBet, blocked: r.accountBlocked, known: r.known }).toEqual({
          v,
          canBet: false,
          blocked: true,
          known: false,
        });
      }
    });
  }

  it('a `now` in epoch seconds (or just under 1e12) cannot be judged: nothing free', () => {
    for (const now of [NOW / 1000, 1e12 - 1, 0, -1, Number.NaN]) {
      expect(restrictionsOf(freeInfo(), now)).toMatchObject({
        canBet: false,
        known: false,
        unreadable: ['now'],
      });
    }
  });

  it('every profile fetch of the session asks the SPA register (check_spa_again=1), the spaBarred player is barred', async () => {
    const sim = w.ctx.clock();
    const c = await w.signIn(sim, 'spaBarred');
    const reads = w.ctx.server.requests.filter((r) => r.path === PROFILE && r.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    for (const r of reads) expect(r.query.check_spa_again).toBe('1');
    expect(c.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    expect(c.view.restrictions?.inForce[0]?.kind).toBe('spaExclusion');
  });
});
