// Review 45, finding 2 (medium-low): the logout the browser client sends for a login its caller gave
// up on (4c27449c) ends that login's whole lineage at the proxy (sign-out.ts: every login of the
// browser's lineage, those in flight included), so the login the caller retries with is refused.
// `client.auth.login(p, { signal })` on a browser whose cookie holds a login: the caller's signal
// aborts (a timeout), the caller retries at once. Both logins carried the cookie, so both joined
// its lineage. The first answers; its kept logout names it (the cookie's login by then), which
// marks the lineage ended; the retry, still at the API, then refuses itself: 401 "Signed out: a
// logout from this browser ended this sign-in.". The player's retry fails for no reason of its own.
// Before the commit the first call's fetch was aborted and no logout was sent: the retry passed.
// (The machine's cancel-then-login hits the same when the second is sent after the first's
// headers.) Over real sockets: the reference server behind `pam-client/server`, its API calls held
// in order by the test.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, runningClock } from '../server-session/support';
import { usePamPerTest } from '../server/harness';
import { until } from '../support/event-loop';
import { upstreamGate } from './support';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a login retried after its caller gave up on the first', () => {
  it("the first's kept logout does not end the retry (same browser lineage)", async () => {
    const { plain } = ref.server.seed;
    const gate = upstreamGate(['login#2', 'login#3']);
    const fx = await pam({ fetch: gate.fetch });
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password }); // login#1: the cookie's login
    await until(() => client.view.status === 'signedIn', 'signed in');

    const caller = new AbortController();
    const first = client.auth.login({ login: plain.email, password: plain.password }, { signal: caller.signal });
    first.catch(() => {});
    await gate.arrived('login#2');
    caller.abort(); // the caller's timeout
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    const retry = client.auth.login({ login: plain.email, password: plain.password });
    retry.catch(() => {});
    await gate.arrived('login#3'); // the retry is at the API

    gate.release('login#2'); // the first answers: its cookie, then the kept logout naming it
    await until(
      () => profile.seen.some((s) => s.url.endsWith('/auth/logout')),
      'the kept login logged out',
    );
    gate.release('login#3');
    const answer = await retry.then(
      (a) => a,
      (e: unknown) => ({ failed: (e as { status?: number }).status, message: String((e as Error).message) }),
    );
    expect(answer).toMatchObject({ server_session: { login_id: expect.any(String) } });
  });
});
