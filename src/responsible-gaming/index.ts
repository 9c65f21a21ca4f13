// Responsible gaming (issue 13): the meaning of the profile's restriction and limit fields, CPF
// and age checks, and São Paulo time. Rules and assumptions: docs/responsible-gaming.md.
export { formatCpf, isValidCpf } from './cpf';
export type { LimitSetting } from './limits';
export { compareLimit } from './limits';
export type { MandatoryLimit } from './mandatory';
export { missingMandatoryLimits } from './mandatory';
export type {
  InFlightKind,
  LimitKind,
  LimitState,
  PendingLimitChange,
  Restriction,
  RestrictionKind,
  Restrictions,
} from './restrictions';
export { restrictionsOf } from './restrictions';
export type { LimitPeriodName, PlayPeriod } from './time';
export { parseServerTime, playPeriodOf } from './time';

/** The SPA's central self-exclusion platform: the link operators must show (Portaria 1.231/2024). */
export const SELF_EXCLUSION_PLATFORM_URL = 'https://www.gov.br/autoexclusaoapostas';

/**
 * How much play time is left in the time limit's period (the play-time machine's `selectPlayTime`).
 */
export interface PlayTime {
  limitMs: number;
  /** The time counted (at the last beat that could place it, when `known` is false). */
  usedMs: number;
  /** 0 while `known` is false (fail closed). */
  leftMs: number;
  period: 'daily' | 'weekly' | 'monthly';
  /** Used at least the warning share (default 80 %) of the limit; true while `known` is false. */
  warning: boolean;
  /** Used the whole limit; true while `known` is false (fail closed: never "time left" on a guess). */
  reached: boolean;
  /**
   * `false` when the time played in the period cannot be told: the clock gave no time at the last
   * beat (it threw, or gave no finite number), or it never learned the server's time (no answer's
   * `Date` read yet: the period would be the device clock's, which nothing checked; an API on
   * another origin must expose `Date`). `leftMs` is then 0 and `warning` and `reached` true, and no
   * alert is emitted (an alert says what is known); absent when known.
   */
  known?: false;
}
