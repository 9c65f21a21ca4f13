import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { openCookie } from '../server/harness';
import { browserProfile, requestsTo, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

// Review 5, D4 on the server-session client (through `pam-client/server`, over real sockets): an
// accepted self-exclusion or pause bars betting when the call resolves, and until a read made
// after it shows the restriction (a lagging read keeps it barred and is read again).

const clock = runningClock();
const { ref, fx } = usePam(clock);
const PROFILE = '/auth/user-profile';

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedInFree() {
  const timers = new SimulatedClock();
  const profile = browserProfile(fx.served.url);
  const client = createServerSessionClient({
    fetch: profile.fetch,
    environment: { channel: null, timers },
    flows: [userModule()],
  });
  clients.push(client);
  await client.ready;
  const { plain } = ref.server.seed;
  client.login({ login: plain.email, password: plain.password });
  await until(() => client.view.restrictions?.canBet === true, 'signed in, free to bet');
  const token = (await openCookie([...profile.cookies.values()][0]!)).token;
  return { client, timers, token };
}

const CHANGES = {
  pause: (c: ServerSessionClientBase & { user?: unknown }, password: string) =>
    (c as never as { user: import('pam-client').UserModule }).user.setTimeoutLimits({
      user_pause: 7,
      reason: 1,
      password_check: password,
    }),
  selfExclusion: (c: ServerSessionClientBase, password: string) =>
    (c as never as { user: import('pam-client').UserModule }).user.setSelfExclusion({
      user_exclusion: 6,
      reason: 1,
      password_check: password,
    }),
} as const;

describe.each(Object.entries(CHANGES))('server-session client: an accepted %s', (kind, change) => {
  it('bars betting when the call resolves, while the re-read hangs', async () => {
    const { client } = await signedInFree();
    ref.server.faults.add({ method: 'GET', path: PROFILE, hang: true, times: 1 });
    await change(client, ref.server.seed.plain.password);
    expect(client.view.restrictions).toMatchObject({ canBet: false });
  });

  it('stays barred through a lagging re-read, read again, then shows the restriction', async () => {
    const { client, timers, token } = await signedInFree();
    const before = await (
      await fetch(`${ref.server.url}${PROFILE}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    ref.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 1 });
    const reads = requestsTo(ref.server, PROFILE).length;
    await change(client, ref.server.seed.plain.password);
    expect(client.view.restrictions?.canBet).toBe(false);
    await until(() => requestsTo(ref.server, PROFILE).length === reads + 1, 'the lagging read');
    await turns(20);
    // (Not read yet: the restriction kept is in force, unread: no start, no end; since FIXFUNNEL.)
    expect(client.view.restrictions).toMatchObject({
      canBet: false,
      inForce: [{ kind, since: null, until: null }],
    });
    timers.increment(1_000);
    await until(
      () => client.view.restrictions?.inForce.some((r) => r.kind === kind && r.since !== null) === true,
      'read again: the restriction shown',
    );
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
  });
});
