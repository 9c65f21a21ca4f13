import { AbortedError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// REVIEW-O O-12 (p78), O-13 (p87) in server-session mode: a change begun for one player finishes
// for that player. A pause answered after the player signed out is kept for them; a step-up
// prompt answered after another player signed in sends nothing (the proxy cannot tell: the
// browser client must not resend). Over real sockets: the reference server, `pam-client/server`.

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
const storage = useMemoryLocalStorage();
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type Options = NonNullable<Parameters<typeof createServerSessionClient>[0]>;
function clientOf(fetch: typeof globalThis.fetch, options: Options = {}) {
  const c = createServerSessionClient({
    fetch,
    flows: [userModule()],
    environment: { channel: null },
    ...options,
  });
  clients.push(c);
  return c as typeof c & {
    user: {
      setTimeoutLimits(p: object): Promise<unknown>;
      setSelfExclusion(p: object, o?: object): Promise<unknown>;
    };
  };
}
async function signIn(c: ServerSessionClientBase, who: 'plain' | 'pendingLimit') {
  const { email, password } = ref.server.seed[who];
  await c.ready;
  c.login({ login: email, password });
  await until(() => c.view.restrictions?.status === 'current', `${who} signed in, read`);
}
async function signOut(c: ServerSessionClientBase) {
  c.logout();
  await until(() => c.view.status === 'signedOut', 'signed out');
}
const exclusionOf = async (id: number) =>
  (
    (await (
      await fetch(`${ref.server.url}/auth/user-profile`, {
        headers: { authorization: `Bearer ${ref.server.issueToken(id)}` },
      })
    ).json()) as { userInfo: { user_exclusion: number } }
  ).userInfo.user_exclusion;

describe('server-session: a change begun for one player finishes for that player', () => {
  it('a pause answered after the player signed out is kept for them (O-12, p78)', async () => {
    const profile = browserProfile(fx.served.url);
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let sent = 0;
    const c = clientOf((async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await profile.fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('timeout-limits')) {
        sent++;
        await gate;
      }
      return res;
    }) as typeof fetch);
    await signIn(c, 'plain');
    const { plain } = ref.server.seed;
    const call = c.user
      .setTimeoutLimits({ user_pause: 1, reason: 1, password_check: plain.password })
      .catch((e: unknown) => e);
    await until(() => sent === 1, 'the pause at the server');
    await signOut(c);
    open();
    await call;
    // The kept restriction is this player's, and no one else's (the step-up attempt of the call, cut
    // off with its login, may stay counted for the same player until it expires).
    expect(storage.keys().filter((k) => k.startsWith('pam-client.restricted:'))).toEqual([
      `pam-client.restricted:${plain.id}`,
    ]);
  });

  it('a step-up prompt answered after another player signed in sends nothing (O-13, p87)', async () => {
    const profile = browserProfile(fx.served.url);
    const c = clientOf(profile.fetch);
    await signIn(c, 'plain');
    let answer!: (p: string) => void;
    const call = c.user
      .setSelfExclusion(
        { user_exclusion: 3, reason: 1 },
        { onStepUp: () => new Promise<string>((r) => (answer = r)) },
      )
      .catch((e: unknown) => e);
    await until(() => answer !== undefined, 'the prompt open');
    await signOut(c);
    await signIn(c, 'pendingLimit');
    const before = requestsTo(ref.server, '/bff/users/self-exclusion').length;
    answer(ref.server.seed.pendingLimit.password);
    expect(await call).toBeInstanceOf(AbortedError);
    expect(requestsTo(ref.server, '/bff/users/self-exclusion').length).toBe(before);
    expect(await exclusionOf(ref.server.seed.pendingLimit.id)).toBe(0);
  });
});
