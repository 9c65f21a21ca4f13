/**
 * `base` (`world.fetch`, a reference kit) with each profile answer's `userInfo` handed to `edit` (to
 * change in place) before the client reads it: a replica that lags behind a change, field by field.
 * Other answers, and a profile answer with no `userInfo` (an error), pass as they are.
 *
 * @example
 * const fetch = profileRewritingFetch(world.fetch, (u) => lag && Object.assign(u, before));
 */
export const profileRewritingFetch =
  (
    base: typeof globalThis.fetch,
    edit: (userInfo: Record<string, unknown>) => void,
  ): typeof globalThis.fetch =>
  async (input, init) => {
    const res = await base(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('/auth/user-profile')) return res;
    const body = (await res.json()) as { userInfo?: Record<string, unknown> };
    if (body.userInfo) edit(body.userInfo);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };

/** A profile's time-limit fields with no limit set: how a replica from before a time limit reads. */
export const NO_TIME_LIMIT = {
  user_limit_time: null,
  user_limit_time_active: 0,
  user_limit_time_period: null,
  user_limit_time_change: null,
};
