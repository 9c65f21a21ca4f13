import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { twoFreeTabs, useClients } from './forged-support';
import { browserProfile, runningClock, usePam } from './support';

// R27B probe: a REAL sign-out in tab B; tab A's session read (doubting) fails (network): A goes
// back to `held`, shown signed in and free to bet although the cookie is gone.
const clock = runningClock();
const pam = usePam(clock);

describe('R27B p2: doubting, the read fails', () => {
  const clients = useClients();
  it('a real sign-out elsewhere + a failed read: tab A takes the word, never free to bet', {
    timeout: 30_000,
  }, async () => {
    const { plain } = pam.ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(pam.fx.served.url);
    let fail = false;
    const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (fail && /\/session$/.test(url)) throw new TypeError('offline');
      return profile.fetch(input, init);
    }) as typeof fetch;
    const [a, b] = await twoFreeTabs(clients, hub, fetchA, profile.fetch, plain);
    fail = true;
    b.logout();
    await until(() => b.view.status === 'signedOut', 'B out');
    await until(
      () => !JSON.stringify((a.session.getSnapshot() as { value: unknown }).value).includes('doubting'),
      'read settled',
      20_000_000_000n,
    );
    await turns(50);
    const _state = JSON.stringify((a.session.getSnapshot() as { value: unknown }).value);
    expect(a.view.restrictions?.canBet === true && a.view.status === 'signedIn').toBe(false);
  });
});
