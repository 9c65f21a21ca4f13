import { expect } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { type BrowserProfile, browserProfile, type usePam } from './support';

type Pam = ReturnType<typeof usePam>;
const H = { 'content-type': 'application/json', 'x-pam-client': '1' };

/**
 * One browser (its cookie jar) and a tab with the user module on its own channel, player 1 (`plain`)
 * signed in and free to bet; `clients` keeps the tab for the file's afterEach to stop.
 */
export async function playerOneTab(pam: Pam, clients: ServerSessionClientBase[]) {
  const { plain } = pam.ref.server.seed;
  const profile = browserProfile(pam.fx.served.url);
  const tab = createServerSessionClient({
    fetch: profile.fetch,
    flows: [userModule()],
    environment: { channel: new FakeChannelHub().channel() },
  });
  clients.push(tab);
  await tab.ready;
  tab.login({ login: plain.email, password: plain.password });
  await until(() => tab.view.restrictions?.canBet === true, 'player 1 signed in, free to bet');
  return { tab, profile };
}

/** A login in the same browser outside the tabs' channel (another tab, a form): its login id. */
export async function signInOutside(pam: Pam, profile: BrowserProfile, who: 'plain' | 'pendingLimit') {
  const { email, password } = pam.ref.server.seed[who];
  const res = await profile.fetch('/pam/auth/login', {
    method: 'POST',
    headers: H,
    body: JSON.stringify({ login: email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { server_session: { login_id: string } }).server_session.login_id;
}
