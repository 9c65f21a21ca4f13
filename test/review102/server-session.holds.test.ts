// Review 102 (holds): the server-session browser client after reviews 99 and 100. Every user call
// the browser client makes without a body (or with one its row reads) still passes the proxy (no
// new 400), and a step-up through `stepUpMachine` on `client.user` still confirms in the same
// login, and sends nothing once another player signed in. Real sockets: the reference server,
// `pam-client/server` in front of it, the client on a browser profile's fetch.
import { secret } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createServerSessionClient, userModule } from '../../machines/index';
import { stepUpMachine } from '../../machines/stepUpMachine';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const started: { stop(): void }[] = [];
afterEach(() => {
  for (const c of started.splice(0)) c.stop();
});

async function signedIn(account: 'plain' | 'paused' = 'plain') {
  const profile = browserProfile(fx.served.url);
  const client = createServerSessionClient({
    fetch: profile.fetch,
    environment: { channel: null },
    flows: [userModule()],
  });
  started.push(client);
  await client.ready;
  const { email, password } = ref.server.seed[account];
  client.login({ login: email, password });
  await until(() => client.view.status === 'signedIn', 'signed in');
  return { client, profile };
}

describe('review 102: the proxy rows without a schema still serve the browser client', () => {
  it('every bodiless user call and the body rows answer as before (no 400)', async () => {
    const { client, profile } = await signedIn();
    const user = client.user;
    const calls: [string, () => Promise<unknown>][] = [
      ['getAddress', () => user.getAddress()],
      ['getSocialAccounts', () => user.getSocialAccounts()],
      ['connectSocial', () => user.connectSocial('google')],
      ['disconnectSocial', () => user.disconnectSocial(1)],
      ['getLoginHistory', () => user.getLoginHistory(1)],
      ['getAvailableYears', () => user.getAvailableYears()],
      ['getIncomeReportStatus', () => user.getIncomeReportStatus(1)],
      ['updateContracts', () => user.updateContracts('tc' as never)],
      ['updateMarketing', () => user.updateMarketing({ mkt_accepted: true } as never)],
    ];
    const outcomes: Record<string, unknown> = {};
    for (const [name, call] of calls)
      outcomes[name] = await call().then(
        () => 'ok',
        (e: { status?: number; code?: string }) => e.status ?? e.code,
      );
    const proxy400 = profile.seen.filter((s) => s.status === 400 && /invalid_request/.test(s.text));
    expect(proxy400.map((s) => `${s.method} ${s.url}: ${s.text}`)).toEqual([]);
    expect(outcomes.getAddress).toBe('ok');
    expect(outcomes.getLoginHistory).toBe('ok');
    expect(outcomes.updateMarketing).toBe('ok');
  });
});

describe('review 102: stepUpMachine on the server-session client', () => {
  it('a CONFIRM in the same login completes the change', async () => {
    const { client } = await signedIn();
    const actor = createActor(stepUpMachine, {
      input: {
        run: (password_check, signal) =>
          client.user.updateEmail(
            { email: 'same-login@example.com', ...(password_check && { password_check }) },
            { signal },
          ),
      },
    }).start();
    await until(() => actor.getSnapshot().value === 'passwordRequired', 'asked');
    actor.send({ type: 'CONFIRM', password: secret(ref.server.seed.plain.password) });
    await until(
      () => actor.getSnapshot().status === 'done',
      () => String(actor.getSnapshot().value),
    );
    expect(actor.getSnapshot().value).toBe('done');
    actor.stop();
  });

  it("another player's login in the same tab: the CONFIRM sends nothing", async () => {
    const { client } = await signedIn();
    const actor = createActor(stepUpMachine, {
      input: {
        run: (password_check, signal) =>
          client.user.updateEmail(
            { email: 'taken-over@example.com', ...(password_check && { password_check }) },
            { signal },
          ),
      },
    }).start();
    await until(() => actor.getSnapshot().value === 'passwordRequired', 'asked');
    client.logout();
    await until(() => client.view.status === 'signedOut', 'signed out');
    const { email, password } = ref.server.seed.paused;
    client.login({ login: email, password });
    await until(() => client.view.status === 'signedIn', 'B signed in');
    const before = ref.server.requests.filter((r) => r.method === 'PATCH').length;
    actor.send({ type: 'CONFIRM', password: secret(ref.server.seed.plain.password) });
    await until(
      () => actor.getSnapshot().status === 'done',
      () => String(actor.getSnapshot().value),
    );
    await turns(20);
    expect(ref.server.requests.filter((r) => r.method === 'PATCH').length).toBe(before);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.stop();
  });
});
