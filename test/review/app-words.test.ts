// The example app's words the book shows (issue 30 items 4 to 8 and 10): seconds under a minute,
// errors said once, no debug-like labels, and where the player stands (bets offered or not, why).

import { HttpError, type PlayTime } from 'pam-client';
import type { SessionView } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import {
  confirmExclusionText,
  formatDuration,
  limitText,
  pendingLimitText,
  problemLines,
  restrictionLines,
} from '../../examples/shared/app';
import { playTimeAlert } from '../../examples/shared/responsible';
import { standingOf } from '../../examples/shared/standing';

const play = (usedMs: number, limitMs = 60_000): PlayTime => ({
  limitMs,
  usedMs,
  leftMs: Math.max(0, limitMs - usedMs),
  period: 'daily',
  warning: usedMs >= 0.8 * limitMs,
  reached: usedMs >= limitMs,
});
const limit = (amount: number | null, active: boolean) => ({
  kind: 'deposit' as const,
  amount,
  active,
  period: 'monthly' as const,
  known: true,
  pendingChange: null,
});
const restrictions = (over: Record<string, unknown> = {}) => ({
  known: true,
  unreadable: [],
  inForce: [],
  pending: [],
  accountBlocked: false,
  canBet: true,
  status: 'current',
  checkedAt: 0,
  missingMandatoryLimits: [],
  limits: {
    deposit: limit(null, false),
    bet: limit(null, false),
    loss: limit(500, true),
    time: limit(60, true),
  },
  ...over,
});
const view = (over: Partial<Record<keyof SessionView, unknown>> = {}) =>
  ({ status: 'signedIn', restrictions: restrictions(), playTime: null, ...over }) as unknown as SessionView;
const spa = {
  kind: 'spaExclusion',
  imposedBy: 'spa',
  blocksAccount: true,
  since: 0,
  until: null,
  indefinite: true,
  permanent: false,
  earliestLiftAt: null,
  note: 'CPF consta no cadastro.',
};

describe('example app words (issue 30)', () => {
  it('7: the 80 % alert of a 1-minute limit says the seconds left, not "1 min"', () => {
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(11_400)).toBe('12 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(playTimeAlert(view({ playTime: play(48_000) }))?.text).toBe(
      '12 s left of your daily play-time limit (1 min).',
    );
  });

  it('7: at 100 % the app offers no bets until the next day; restrictions alone do not say so', () => {
    const s = standingOf(view({ playTime: play(60_000) }));
    expect([s.canBet, s.reason]).toEqual([false, 'timeUp']);
    expect(s.text).toMatch(/no more bets until the next day/);
    expect(standingOf(view({ playTime: play(30_000) })).canBet).toBe(true);
  });

  it('6: unknown or stale restrictions: betting waits until the check succeeds', () => {
    for (const status of ['unknown', 'stale']) {
      const s = standingOf(view({ restrictions: restrictions({ status, canBet: false }) }));
      expect([s.canBet, s.reason]).toEqual([false, 'checking']);
      expect(s.text).toMatch(/waits until the check of your restrictions succeeds/);
    }
    expect(standingOf(view({ restrictions: null })).reason).toBe('checking');
  });

  it('4: an SPA-barred player is offered no limits, pause or self-exclusion', () => {
    const s = standingOf(
      view({ restrictions: restrictions({ inForce: [spa], accountBlocked: true, canBet: false }) }),
    );
    expect(s).toMatchObject({
      canBet: false,
      reason: 'spa',
      spaBarred: true,
      offersLimits: false,
      offersBreaks: false,
    });
    const [line] = restrictionLines(restrictions({ inForce: [spa] }) as never);
    expect(line?.text).not.toMatch(/by the SPA.*by the SPA/);
  });

  it('9: the mandatory limits missing: no bets until they are set', () => {
    const s = standingOf(view({ restrictions: restrictions({ missingMandatoryLimits: ['loss', 'time'] }) }));
    expect([s.canBet, s.reason]).toEqual([false, 'mandatory']);
  });

  it('10: no debug-like labels; the self-exclusion question reads as a sentence', () => {
    expect(limitText(limit(0, false))).toBe('No limit set');
    expect(limitText(limit(250, true), 'BRL')).toMatch(/^R\$\s?250\.00 per month$/);
    expect(limitText(limit(60, true), 'min')).toBe('60 min per month');
    expect(confirmExclusionText(3)).toMatch(/^Exclude yourself for 3 months\? /);
    expect(confirmExclusionText(-1)).toMatch(/no end date/);
  });

  it('8: a pending looser limit says from when', () => {
    const pending = {
      ...limit(100, true),
      pendingChange: { amount: 800, period: 'daily', active: true, effectiveAt: Date.UTC(2026, 10, 29, 3) },
    };
    expect(pendingLimitText(pending as never)).toMatch(
      /^R\$\s?800\.00 per day from .*2026.*\(Brasília time\)$/,
    );
  });

  it('10: an error is said once (no title and the same line again)', () => {
    const error = new HttpError({
      status: 422,
      method: 'POST',
      path: '/auth/login',
      body: { message: 'x', errors: { two_factor_code: ['The code is invalid.'] } },
    });
    const lines = problemLines(error);
    const [title = '', ...rest] = lines;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of rest) {
      const said = line
        .slice(line.indexOf(': ') + 2)
        .replace(/\.$/, '')
        .toLowerCase();
      expect(title.toLowerCase()).not.toContain(said);
    }
  });
});
