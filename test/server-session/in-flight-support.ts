// The server-session in-flight tests' harness (AI-3, AJ-1): the two changes that bar betting from
// their send, and two tabs of one login on a channel hub whose first tab's answers to one path are
// held (after the server handled them) until released.

import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { browserProfile, type usePam } from './support';

type Pam = ReturnType<typeof usePam>;

/** The user module's two calls that bar betting from their send. */
export type User = {
  setTimeoutLimits(p: unknown): Promise<unknown>;
  setSelfExclusion(p: unknown): Promise<unknown>;
};

/** A pause and a self-exclusion: how each is sent, and the path its answer comes on. */
export const changesOf = ({ ref }: Pam) => {
  const password = () => ref.server.seed.plain.password;
  return {
    pause: {
      path: 'timeout-limits',
      send: (u: User) => u.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: password() }),
    },
    selfExclusion: {
      path: 'self-exclusion',
      send: (u: User) => u.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password() }),
    },
  } as const;
};

/**
 * Two tabs of one login (`clients` collects them, for the file to stop); tab A's answers to `path`
 * are held (after the server handled them) until released. `breaches`: every view of either tab
 * in which betting is allowed from then on (`signedInOnly`: signed-in views only).
 */
export async function twoTabs(
  { ref, fx }: Pam,
  clients: ServerSessionClientBase[],
  path: string,
  signedInOnly = false,
) {
  const { plain } = ref.server.seed;
  const hub = new FakeChannelHub();
  const profile = browserProfile(fx.served.url);
  const held: Array<() => void> = [];
  const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const answer = await profile.fetch(input, init);
    if (url.includes(path)) await new Promise<void>((resolve) => held.push(resolve));
    return answer;
  }) as typeof fetch;
  const make = (f: typeof fetch) => {
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
  const b = make(profile.fetch);
  await Promise.all([a.ready, b.ready]);
  a.login({ login: plain.email, password: plain.password });
  await until(
    () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
    'both tabs signed in, free to bet',
  );
  const breaches: string[] = [];
  for (const [i, t] of [a, b].entries())
    t.subscribe((v) => {
      if ((!signedInOnly || v.status === 'signedIn') && v.restrictions?.canBet) breaches.push(`tab ${i}`);
    });
  return { a, b, hub, held, breaches, make, profile, user: (a as unknown as { user: User }).user };
}
