// A profile's userInfo as the spec (2.12) sends it: every restriction and limit field answered,
// nothing in force, no limit active. `restrictionsOf` reads an absent flag or limit field as
// unreadable (fail closed), so a fixture that means "free" starts from this and overrides.

const limit = (kind: string) => ({
  [`user_limit_${kind}`]: 0,
  [`user_limit_${kind}_active`]: 0,
  [`user_limit_${kind}_period`]: 'monthly',
  [`user_limit_${kind}_change`]: null,
});

/** Every field of spec 2.12, nothing in force and no limit active; `over` replaces any of them. */
export const freeUserInfo = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  user_pause: 0,
  user_pause_at: null,
  user_pause_in: null,
  user_pause_min: null,
  user_exclusion: 0,
  user_exclusion_at: null,
  user_exclusion_in: null,
  user_exclusion_min: null,
  ...limit('deposit'),
  ...limit('bet'),
  ...limit('loss'),
  ...limit('time'),
  operator_exclusion: 0,
  operator_exclusion_at: null,
  operator_exclusion_note: '',
  spa_exclusion: 0,
  spa_exclusion_at: null,
  spa_exclusion_note: '',
  ...over,
});

/** The four fields that say whether a restriction is set (spec 2.12). */
export const RESTRICTION_FLAGS = [
  'spa_exclusion',
  'operator_exclusion',
  'user_exclusion',
  'user_pause',
] as const;

/** The limit fields a profile always carries (spec 2.12; `_change` may be null). */
export const LIMIT_FIELDS = ['deposit', 'bet', 'loss', 'time'].flatMap((k) =>
  ['', '_active', '_period'].map((x) => `user_limit_${k}${x}`),
);
