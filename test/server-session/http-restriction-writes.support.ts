// SSRW30's harness: two tabs of one login in one browser (one cookie jar, one tabs channel hub),
// over real sockets (the reference server behind `pam-client/server`). Tab A's answers to the
// user API (`/bff/users/...`) can be held once the server handled them (`hold`), or lost (`lose`:
// the server applied the change, the page sees a network error, as on a dropped connection).

import {
  createServerSessionClient,
  inspector,
  type ServerSessionClientBase,
  type ServerSessionFlow,
  userModule,
} from '../../machines/index';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { browserProfile, type usePam } from './support';

type Pam = ReturnType<typeof usePam>;

/** One answer held: its method, path (with query) and status; `release()` hands it to tab A. */
export interface Held {
  method: string;
  path: string;
  status: number;
  release(): void;
}

/**
 * Two tabs of player 1 (`clients` keeps them for the file to stop), both free to bet. Tab A runs the
 * user module only with `withUser`. `told`: the INFLIGHT (bar / release) and PROFILE_CHANGED events
 * tab A's session takes, in order. `breaches`: every view of either tab showing betting allowed,
 * from the return on (`watching = false` stops counting).
 */
export async function twoPlayerTabs(pam: Pam, clients: ServerSessionClientBase[], withUser: boolean) {
  const { plain } = pam.ref.server.seed;
  const hub = new FakeChannelHub();
  const profile = browserProfile(pam.fx.served.url);
  const held: Held[] = [];
  const o = { hold: false, lose: 0 };
  const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), pam.fx.served.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const user = url.pathname.includes('/bff/users/');
    const answer = await profile.fetch(input, init);
    if (user && o.lose > 0) {
      o.lose--;
      throw new TypeError('fetch failed');
    }
    if (user && o.hold) {
      const body = await answer.arrayBuffer();
      await new Promise<void>((release) =>
        held.push({ method, path: url.pathname + url.search, status: answer.status, release }),
      );
      return new Response(body, { status: answer.status, headers: answer.headers });
    }
    return answer;
  }) as typeof fetch;
  const told: string[] = [];
  const flowsOf = (tab: 'a' | 'b') => {
    const flows: ServerSessionFlow[] = withUser || tab === 'b' ? [userModule()] : [];
    if (tab === 'a')
      flows.push(
        inspector((e) => {
          const ev = e.type === '@xstate.event' ? (e.event as { type?: string; settled?: boolean }) : null;
          if (ev?.type === 'INFLIGHT' && !(ev as { heard?: boolean }).heard)
            told.push(ev.settled ? 'release' : 'bar');
          if (ev?.type === 'PROFILE_CHANGED') told.push('changed');
        }),
      );
    return flows;
  };
  const make = (f: typeof fetch, tab: 'a' | 'b') => {
    const c = createServerSessionClient({
      fetch: f,
      flows: flowsOf(tab),
      environment: { channel: hub.channel() },
    });
    clients.push(c);
    return c;
  };
  const a = make(fetchA, 'a');
  const b = make(profile.fetch, 'b');
  await Promise.all([a.ready, b.ready]);
  a.login({ login: plain.email, password: plain.password });
  await until(
    () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
    'both tabs signed in, free to bet',
  );
  const breaches: string[] = [];
  const watch = { on: true };
  for (const [i, t] of [a, b].entries())
    t.subscribe((v) => {
      if (watch.on && v.restrictions?.canBet) breaches.push(`tab ${'ab'[i]} (${v.restrictions.status})`);
    });
  /** Resolves once `n` answers are held. */
  const heldCount = (n: number) => until(() => held.length >= n, `${n} answers held`);
  return { a, b, held, heldCount, o, told, breaches, watch };
}

/** `call`, its rejection handled here too (a test that fails first leaves none unhandled at `stop()`). */
export const quiet = <T>(call: Promise<T>) => {
  call.catch(() => {});
  return call;
};

/** The reference server's profile reads after the last request to `path` (none sent: -1). */
export const readsAfter = (pam: Pam, path: string) => {
  const rs = pam.ref.server.requests;
  const at = rs.map((r) => r.path === path && r.method !== 'GET').lastIndexOf(true);
  return at < 0 ? -1 : rs.slice(at + 1).filter((r) => r.path === '/auth/user-profile').length;
};
