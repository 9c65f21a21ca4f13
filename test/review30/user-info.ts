import { defaultLimits } from '../../src/testing/seed';

/**
 * A profile with every restriction flag answered and each limit set, 500 a month (nothing barring),
 * with `extra` over it.
 */
export function userInfo(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const info: Record<string, unknown> = { ...defaultLimits() };
  for (const kind of ['deposit', 'bet', 'loss', 'time'])
    Object.assign(info, {
      [`user_limit_${kind}`]: 500,
      [`user_limit_${kind}_active`]: 1,
      [`user_limit_${kind}_period`]: 'monthly',
    });
  return { ...info, ...extra };
}
