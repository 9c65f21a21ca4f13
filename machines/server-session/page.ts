// The server-session client's page: the key of what it keeps in memory for a player (the
// accepted records, the play clocks) beyond one client (review 136).

/**
 * One key per page (its `fetch`: the page's own, or the app's, which carries its cookies) and
 * prefix: what is kept in memory for a player outlives a client made again on them (review 136).
 * (Two browsers' fetches in one process, a test's: two pages.)
 */
const pages = new WeakMap<object, Map<string, object>>();
export const pageOf = (given: unknown, prefix: string): object => {
  // (No fetch of the app's: the page's own; none at all: this module's one page.)
  const fetch = given ?? globalThis.fetch ?? pages;
  const of = pages.get(Object(fetch)) ?? new Map<string, object>();
  pages.set(Object(fetch), of);
  const key = prefix.replace(/\/+$/, '');
  const page = of.get(key) ?? {};
  of.set(key, page);
  return page;
};
