// Two (or more) server-session tabs of one login on a channel hub, over real sockets, for the
// forged-message tests (REVIEW-AK AK-2, AK-3; AJ-2's server-session half): tab A's requests to one
// path are held BEFORE they reach the server (the change in flight, not applied yet) until
// released, as `ok` (sent on), `refused` (the server answers 422) or `network` (never sent: a
// dropped connection). A same-origin script's messages are posted on a channel of the hub.

import { afterEach } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import type { User } from './in-flight-support';
import { browserProfile, type usePam } from './support';

type Pam = ReturnType<typeof usePam>;
export type Outcome = 'ok' | 'refused' | 'network';

/** The clients a test file starts, each stopped after its test. */
export function useClients(): ServerSessionClientBase[] {
  const clients: ServerSessionClientBase[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  return clients;
}

/**
 * Tabs A (its own `fetchA`) and B on `hub`, each pushed to `clients`; `who` signed in at A, both
 * free to bet before this returns.
 */
export async function twoFreeTabs(
  clients: ServerSessionClientBase[],
  hub: FakeChannelHub,
  fetchA: typeof fetch,
  fetchB: typeof fetch,
  who: { email: string; password: string },
) {
  const make = (f: typeof fetch) => {
    const c = createServerSessionClient({ fetch: f, environment: { channel: hub.channel() } });
    clients.push(c);
    return c;
  };
  const a = make(fetchA);
  const b = make(fetchB);
  await Promise.all([a.ready, b.ready]);
  a.login({ login: who.email, password: who.password });
  await until(
    () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
    'both free',
  );
  return [a, b] as const;
}

/** How a change's call settled: `ok`, else the error's HTTP status or code. */
export const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string; status?: number }) => e.status ?? e.code,
  );

/** Tab X's pause `p1` of login-1 on its way, as X tells it (`over` changes fields). */
export const pauseToldByX = (over: Record<string, unknown> = {}) =>
  forged({
    type: 'inflight',
    loginId: 'login-1',
    kind: 'pause',
    id: 'p1',
    settled: false,
    from: 'tab-x',
    ...over,
  });

/** A message a same-origin script posts (the envelope of the server-session protocol). */
export const forged = (m: Record<string, unknown>) => ({
  app: 'pam-client',
  mode: 'server-session',
  v: 1,
  from: 'forged-tab',
  ...m,
});

export async function heldBefore({ ref, fx }: Pam, clients: ServerSessionClientBase[], path: string) {
  const { plain } = ref.server.seed;
  const hub = new FakeChannelHub();
  const profile = browserProfile(fx.served.url);
  const held: Array<(o: Outcome) => void> = [];
  // Every `GET <prefix>/session` sent (an aborted one too: it may reach the server).
  let sent = 0;
  const counted = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (/\/session$/.test(url) && (init?.method ?? 'GET') === 'GET') sent++;
    return profile.fetch(input, init);
  }) as typeof fetch;
  const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.includes(path)) {
      const o = await new Promise<Outcome>((resolve) => held.push(resolve));
      if (o === 'network') throw new TypeError('fetch failed');
      if (o === 'refused')
        ref.server.faults.add({
          path: new RegExp(path),
          status: 422,
          body: { message: 'invalid' },
          times: 1,
        });
    }
    return counted(input, init);
  }) as typeof fetch;
  const make = (f: typeof fetch = counted) => {
    const c = createServerSessionClient({
      fetch: f,
      flows: [userModule()],
      environment: { channel: hub.channel() },
      onStepUp: async () => plain.password,
    });
    clients.push(c);
    return c;
  };
  const a = make(fetchA);
  const b = make();
  await Promise.all([a.ready, b.ready]);
  a.login({ login: plain.email, password: plain.password });
  await until(
    () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
    'both tabs signed in, free to bet',
  );
  const script = hub.channel();
  const reads = () => sent;
  return { a, b, hub, held, make, profile, script, reads, user: (a as unknown as { user: User }).user };
}
