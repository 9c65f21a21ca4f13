import type { World } from './world';

/**
 * `world.fetch` with each profile answer's `userInfo` handed to `edit` (to change in place) before
 * the client reads it: a replica that lags behind a change, field by field.
 *
 * @example
 * const fetch = profileRewritingFetch(world, (u) => lag && Object.assign(u, before));
 */
export const profileRewritingFetch =
  (world: World, edit: (userInfo: Record<string, unknown>) => void): typeof globalThis.fetch =>
  async (input, init) => {
    const res = await world.fetch(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('/auth/user-profile')) return res;
    const body = (await res.json()) as { userInfo?: Record<string, unknown> };
    if (body.userInfo) edit(body.userInfo);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };
