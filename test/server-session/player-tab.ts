import { expect } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { NOON, seedOf, startSeeded, UNAVAILABLE } from './seeded-client';
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

/** A script's change of a made-up login `junk-<i>` (a pause on its way, told by `from`): it bars no login held. */
export const madeUpChange = (i: number, from = `script-${i}`) =>
  forged({ type: 'inflight', loginId: `junk-${i}`, kind: 'pause', id: `j${i}`, settled: false, from });

/**
 * A tab started at NOON with no seed, on a channel of its own hub (`other`: another channel of it,
 * for another tab's or a script's messages). Its n-th session read (`sessionReads()` counts them)
 * answers `unavailable` (no login held) where `login(n)` is null, else the seed of that login read
 * at the tab's clock; the profile read answers the seed's player (`profile: false`: never); any
 * other request hangs. `wait(ms, step)` moves the tab's clock `step` ms at a time (default 100),
 * with turns of the event loop between. Stop `s.client` when done.
 */
export function seededTab(login: (read: number) => string | null, o: { profile?: boolean } = {}) {
  const hub = new FakeChannelHub();
  const other = hub.channel();
  let reads = 0;
  let t: { now: number; offset: number } | undefined;
  const s = startSeeded(undefined, {
    at: NOON,
    channel: hub.channel(),
    answer: (path) => {
      if (path.endsWith('/session')) {
        const id = login(++reads);
        return {
          status: 200,
          body: id === null ? UNAVAILABLE : seedOf({ readAt: t!.now + t!.offset, loginId: id }),
        };
      }
      return path.includes('/auth/user-profile') && o.profile !== false
        ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
        : 'hang';
    },
  });
  t = s.t;
  const wait = async (ms: number, step = 100) => {
    for (let i = 0; i < ms; i += step) {
      s.advance(step);
      await turns(3);
    }
  };
  return { s, other, sessionReads: () => reads, wait };
}
