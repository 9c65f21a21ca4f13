// The client's view once its session ended (its actor stopped or failed): what the profile flow's
// restrictions become (fail closed). A leaf: the flows give it to the client (`ended`), and the
// server-session client takes it too, so a client without the profile flow carries none of it.

import type { SessionRestrictions } from '../session/profile-rules';

/** Restrictions gone stale, betting off (unknown ones stay unknown); none: none. */
export const staleOf = <R extends SessionRestrictions | null>(r: R): R =>
  r && { ...r, status: r.status === 'unknown' ? r.status : 'stale', canBet: false };

/**
 * Restrictions that allowed betting go stale, and betting is off; undefined when nothing changes
 * (none, or not allowing betting already).
 *
 * @example
 * const after = staleView(view) ?? view;
 */
export function staleView<V extends { readonly restrictions: SessionRestrictions | null }>(
  view: V,
): V | undefined {
  const r = view.restrictions;
  if (!r || (r.status !== 'current' && !r.canBet)) return;
  return Object.freeze({ ...view, restrictions: Object.freeze(staleOf(r)) });
}
