// Where the player stands, framework-agnostic: whether the app offers bets and why not, what an
// SPA-barred or excluded player is told (their money stays theirs), and what the signed-in page
// still offers. Derived from the session view alone. The player's words are in `STANDING_WORDS`
// (one entry per sentence, so a pt-BR table can key on them); the rules behind them are in
// docs/responsible-gaming.md.

import type { PlayTime } from 'pam-client';
import type { SessionView } from 'pam-client/machines';
import { formatDate } from './app';

/** Why the app offers bets or not, strongest reason first. */
export type BettingReason = 'spa' | 'blocked' | 'paused' | 'checking' | 'timeUp' | 'mandatory' | 'ok';

/** The player's words for their standing (English; keyed for a translation table). */
export const STANDING_WORDS = {
  ok: 'You can place bets.',
  spa: 'You cannot place new bets: your CPF is in the SPA register of people barred from betting.',
  blocked: 'You cannot place bets while your account is excluded.',
  paused: (until: string) => `You cannot place bets until your pause ends (${until}).`,
  checking: 'Betting waits until the check of your restrictions succeeds. The app keeps trying.',
  stale: (at: string) =>
    `Your restrictions were last confirmed on ${at}; today's check has not succeeded yet.`,
  // The alert above it says the limit is reached: this line says only what follows.
  timeUp: (period: string) =>
    `This site offers no more bets until the ${
      period === 'daily' ? 'next day' : period === 'weekly' ? 'next week' : 'next month'
    }.`,
  mandatory: 'Set your loss and time limits to start betting.',
  placeBet: 'Place a bet',
  spaTitle: 'Barred from betting by the SPA',
  spaLines: [
    'Your CPF is in the national register of people barred from betting, kept by the SPA (Secretaria de Prêmios e Apostas).',
    'You cannot place new bets. Your account will be closed within 3 days.',
    'Until then you can withdraw your balance: the money in your account stays yours.',
    'The register is checked at registration and at the first login of each day.',
  ],
  excludedMoney: 'The money in your account stays yours: you can still withdraw your balance.',
  cancelled: 'This account was cancelled.',
  cancelledMoney:
    'Money left in a cancelled account is still yours: contact the operator’s support to have it paid out.',
  platform: 'Self-exclusion from every licensed betting site: ',
  platformLink: 'the central platform of the SPA (gov.br)',
} as const;

export interface Standing {
  canBet: boolean;
  reason: BettingReason;
  /** The line the betting card shows. */
  text: string;
  /** A second line on the restrictions' freshness (stale), or null. */
  freshness: string | null;
  /** The SPA barred the player: the page shows the SPA notice and nothing that no longer applies. */
  spaBarred: boolean;
  /** Pause and self-exclusion are still offered (no exclusion in force). */
  offersBreaks: boolean;
  /** Limits are still offered (not for an account the SPA barred: it is being closed). */
  offersLimits: boolean;
  /** An exclusion is in force: the page says the balance stays reachable. */
  moneyNotice: string | null;
}

/**
 * Where the player stands, from the session view. Betting is offered only when the restrictions
 * are `current` and allow it (`canBet`), the play-time limit is not reached (the app's choice: it
 * stops offering bets until the next period) and the mandatory limits are set (the app's choice).
 *
 * @example
 * const standing = standingOf(client.view); // { canBet: false, reason: 'checking', text: 'Betting waits…' }
 */
export function standingOf(view: SessionView): Standing {
  const r = view.restrictions;
  const inForce = r?.inForce ?? [];
  const spaBarred = inForce.some((x) => x.kind === 'spaExclusion');
  const blocked = r?.accountBlocked === true;
  const pause = inForce.find((x) => x.kind === 'pause');
  const play = view.playTime as PlayTime | null;
  const base = {
    spaBarred,
    offersBreaks: !blocked,
    offersLimits: !spaBarred,
    moneyNotice: blocked && !spaBarred ? STANDING_WORDS.excludedMoney : null,
    freshness:
      r?.status === 'stale' && r.checkedAt !== null ? STANDING_WORDS.stale(formatDate(r.checkedAt)) : null,
  };
  const no = (reason: BettingReason, text: string): Standing => ({ ...base, canBet: false, reason, text });
  if (spaBarred) return no('spa', STANDING_WORDS.spa);
  if (blocked && inForce.some((x) => x.blocksAccount)) return no('blocked', STANDING_WORDS.blocked);
  if (pause) return no('paused', STANDING_WORDS.paused(formatDate(pause.until)));
  // A reached limit bars betting in the view too (`restrictions.timeLimitReached`): said first, as
  // the reason; a count not known (no server time learned yet) is only "checking".
  if (play?.reached && play.known !== false) return no('timeUp', STANDING_WORDS.timeUp(play.period));
  if (r?.status !== 'current' || !r.canBet) return no('checking', STANDING_WORDS.checking);
  if (r.missingMandatoryLimits.length > 0) return no('mandatory', STANDING_WORDS.mandatory);
  return { ...base, canBet: true, reason: 'ok', text: STANDING_WORDS.ok };
}
