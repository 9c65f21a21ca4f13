// Comparing two settings of a limit (`compareLimit`): stricter, looser or the same, by proof. The
// client and the reference server decide a limit change with it.
import { type LimitSetting, settingOf, within } from './limit-order';

export type { LimitSetting };

/**
 * Whether moving from `current` to `proposed` makes the limit stricter, looser or leaves it the
 * same, by proof. Only the new limit holds after the change, so it is `stricter` when everything
 * it allows the old one allowed too: for every period of the OLD kind, the new amount times the
 * number of new periods that can touch it (a month: 31 days, 6 weeks; a week: 7 days, 2 months)
 * is at most the old amount. `same` when each allows exactly what the other does. Anything that
 * cannot be proven stricter is `looser` (the change that needs the password and waits 24 h): an
 * unknown period or amount too, and a limit `restrictionsOf` could not read (`known: false`). A
 * setting that is no object is a `RequestValidationError`. Amount 0 is a limit that allows nothing; only an inactive limit
 * (or one without an amount) is no limit, the loosest. The reference server decides with this
 * same function (docs/responsible-gaming.md).
 *
 * @example
 * compareLimit({ amount: 500, period: 'monthly' }, { amount: 300, period: 'monthly' }); // 'stricter'
 * compareLimit({ amount: 300, period: 'monthly' }, { amount: 10, period: 'daily' }); // 'looser' (310 in 31 days)
 * compareLimit({ amount: 500, period: 'weekly' }, { amount: 70, period: 'daily' }); // 'stricter'
 */
export function compareLimit(current: LimitSetting, proposed: LimitSetting): 'stricter' | 'looser' | 'same' {
  const [c, p] = [settingOf(current), settingOf(proposed)];
  return within(p, c) ? (within(c, p) ? 'same' : 'stricter') : 'looser';
}
