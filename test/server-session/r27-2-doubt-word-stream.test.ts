import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, twoFreeTabs, useClients } from './forged-support';
import { browserProfile, runningClock, usePam } from './support';

// R27B probe: after a REAL sign-out in tab B, a script that posts one forged signedOut word during
// each of tab A's session reads keeps A `doubting` (signed in, stale) for as long as it posts:
// the real sign-out is never taken (each read's answer is dropped for the queued one).
const clock = runningClock();
const pam = usePam(clock);

describe('R27B p3: a word per read keeps doubting', () => {
  const clients = useClients();
  it('real sign-out + a forged word during each read: A signs out at the first read, told logout', async () => {
    const { plain } = pam.ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(pam.fx.served.url);
    let reads = 0;
    const script = hub.channel();
    let loginId = '';
    let stream = false;
    const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (/\/session$/.test(url)) {
        reads++;
        if (stream) script.postMessage(forged({ type: 'signedOut', loginId, reason: 'expired' }));
      }
      return profile.fetch(input, init);
    }) as typeof fetch;
    const [a, b] = await twoFreeTabs(clients, hub, fetchA, profile.fetch, plain);
    loginId = (a.session.getSnapshot().context as { loginId: string }).loginId;
    const told: string[] = [];
    a.on('signedOut', (e) => told.push(`${e.reason}:${e.remote}`));
    const before = reads;
    stream = true;
    b.logout();
    await until(() => b.view.status === 'signedOut', 'B out');
    await until(() => reads - before >= 30 || a.view.status !== 'signedIn', 'reads');
    stream = false;
    const during = a.view.status;
    await until(() => a.view.status === 'signedOut', 'A out once the stream stops');
    expect(during).toBe('signedOut');
    // (Bounded: the first read's answer taken; the reason the server's, not the forged words'.)
    expect(reads - before).toBeLessThanOrEqual(2);
    expect(told).toEqual(['logout:true']);
  });
});
