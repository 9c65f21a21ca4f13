// Review 50: a proxy that answers every profile read 401 while its seed route says the same login is
// signed in (a hostile or broken server; the seed not current, so the profile flow reads at once).
// signedIn's UNAUTHORIZED goes to `confirming`, whose read takes the login again (`deciding`), whose
// profile flow reads again at once, 401 again: a read loop with no backoff, each turn a seed read and
// a profile read, for as long as the page is open.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { cleanup, clients } from '../review48/support';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

const DAY = 86_400_000;

describe('a proxy whose profile reads answer 401 while its seed says signed in', () => {
  it('the page does not read the session in a loop', async () => {
    const profile = browserProfile(fx.served.url);
    const { plain } = ref.server.seed;
    let hostile = false;
    let seedReads = 0;
    const fetchH = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input).split('?')[0]!;
      if (hostile && url.endsWith('/auth/user-profile'))
        return new Response(JSON.stringify({ message: 'Unauthenticated.' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      const res = await profile.fetch(input, init);
      if (!hostile || !url.endsWith('/session')) return res;
      seedReads++;
      const seed = await res.json();
      // (Read two days ago: not current, so the profile flow reads at once.)
      if (seed.status === 'signedIn') seed.readAt -= 2 * DAY;
      return new Response(JSON.stringify(seed), { status: res.status, headers: res.headers });
    }) as typeof fetch;
    const a = createServerSessionClient({ fetch: fetchH, environment: { channel: null } });
    clients.push(a);
    await a.ready;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    await turns(50);
    hostile = true;
    await a.http.get('/auth/user-profile').catch(() => {}); // the proxy's 401
    // The loop shows itself by its reads (real I/O: counted, never timed); a page that stops reading
    // settles (signed out, or held with a backoff) and the safety net ends the wait.
    await until(() => seedReads >= 10 || a.view.status === 'signedOut', 'settled', 10_000_000_000n).catch(
      () => {},
    );
    await turns(50);
    // One read to confirm the 401, maybe one more: never a read per turn of the loop.
    expect(seedReads).toBeLessThan(5);
  });
});
