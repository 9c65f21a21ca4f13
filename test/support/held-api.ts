// The API behind the proxy with some of its routes held until the test lets each go (any order),
// and the waits of a property over tabs: until every held answer is let go and the tabs settled,
// and what the cookie then holds (its login, and the seed route's word on it).
import { sessionActorOf } from '../../machines/devtools';
import type { ServerSessionClientBase } from '../../machines/index';
import { openCookie } from '../server/harness';
import type { browserProfile } from '../server-session/support';
import { turns, until } from './event-loop';

/** The API's calls whose path ends in one of `routes` (`login`, `logout`, `user-profile`), each held until released. */
export function heldApi(routes: readonly string[]) {
  const pending: (() => void)[] = [];
  const fetchUp = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (routes.includes(url.pathname.split('/').pop()!)) await new Promise<void>((go) => pending.push(go));
    return fetch(input, init);
  }) as typeof fetch;
  const release = (pick: number) => pending.splice(pick % Math.max(1, pending.length), 1)[0]?.();
  return { fetch: fetchUp, pending, release };
}

/** A run's wait for a state gives up after 10 s (a run takes well under one): the failure is named. */
const GIVE_UP = 10_000_000_000n;
const SETTLED = new Set(['signedIn', 'signedOut', 'failed', 'cancelledAccount']);

/**
 * Whether `tab` is reading the session, or about to (a state that shows a login, or a failure, with
 * a read on its way: `signedIn.rereading`, `doubting`, `failed.checking`, a retry's wait). Settled
 * only once it is not: the forty-fifth pass traced review 49's rare "tab on another login than the
 * cookie" to a check made while the tab's last read, sent after the cookie changed, was on its way.
 */
const reading = (tab: ServerSessionClientBase) =>
  /rereading|doubting|checking|waiting|again|reading|confirming/.test(
    JSON.stringify(sessionActorOf(tab as never).getSnapshot().value),
  );

/** Lets every held answer go, in arrival order, until none is held and every tab has settled. */
export const drained =
  (api: ReturnType<typeof heldApi>, tabs: readonly ServerSessionClientBase[]) => (what: string) =>
    until(
      async () => {
        while (api.pending.length) api.release(0);
        await turns(20);
        return api.pending.length === 0 && tabs.every((t) => SETTLED.has(t.view.status) && !reading(t));
      },
      () => `${what} (${tabs.map((t) => t.view.status).join(', ')})`,
      GIVE_UP,
    );

/**
 * The login the cookie of `profile` holds (null: none), and the seed route's word on it, read
 * through the proxy at `url` (whose read of the API's profile may be held: let go as it comes).
 */
export async function cookieState(
  url: string,
  profile: ReturnType<typeof browserProfile>,
  api: ReturnType<typeof heldApi>,
) {
  const [value] = [...profile.cookies.values()];
  const loginId = value === undefined ? null : (await openCookie(value)).loginId;
  let seed: string | undefined;
  void fetch(`${url}/pam/session`, {
    headers: value === undefined ? {} : { cookie: `__Host-pam-session=${value}` },
  })
    .then((r) => r.json() as Promise<{ status: string }>)
    .then((r) => {
      seed = r.status;
    });
  await until(
    async () => {
      while (api.pending.length) api.release(0);
      await turns(5);
      return seed !== undefined;
    },
    'the seed route answered',
    GIVE_UP,
  );
  return { loginId, seed: seed! };
}
