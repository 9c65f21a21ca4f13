// Review 45, finding 2 (medium-low): the logout the browser client sent for a login its caller gave
// up on (4c27449c) ended that login's whole lineage at the proxy (sign-out.ts: every login of the
// browser's lineage, those in flight included), so the login the caller retried with was refused:
// 401 "Signed out: a logout from this browser ended this sign-in.". Now (kept-login.ts) a login
// given up on before its answer's head is in is aborted (no logout to send), and one kept to its
// answer (its head was in: its cookie stored) holds the retry back until its logout answered.
// `client.auth.login(p, { signal })` on a browser whose cookie holds a login; the caller's signal
// aborts (a timeout) and the caller retries at once. Over real sockets: the reference server behind
// `pam-client/server` ((a): its API calls held by the test; (b): the page's login answer held after
// its head).

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { gatedProfile } from '../review44/late-login-support';
import { usePamPerTest } from '../server/harness';
import { browserProfile, runningClock } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { upstreamGate } from './support';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const outcome = (call: Promise<unknown>) =>
  call.then(
    (a) => a,
    (e: unknown) => ({ failed: (e as { status?: number }).status, message: String((e as Error).message) }),
  );

describe('a login retried after its caller gave up on the first', () => {
  it('(a) given up on before its head: the retry goes at once and signs in', async () => {
    const { plain } = ref.server.seed;
    const gate = upstreamGate(['login#2']);
    const fx = await pam({ fetch: gate.fetch });
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password }); // login#1: the cookie's login
    await until(() => client.view.status === 'signedIn', 'signed in');
    const caller = new AbortController();
    const first = client.auth.login(
      { login: plain.email, password: plain.password },
      { signal: caller.signal },
    );
    first.catch(() => {});
    await gate.arrived('login#2');
    caller.abort(); // the caller's timeout
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    const retry = outcome(client.auth.login({ login: plain.email, password: plain.password }));
    expect(await retry).toMatchObject({ server_session: { login_id: expect.any(String) } });
    gate.release('login#2');
    await turns(100);
    expect(profile.seen.filter((s) => s.url.endsWith('/auth/logout'))).toEqual([]);
  });

  it('(b) kept to its answer: its logout answers before the retry is sent, which signs in', async () => {
    const { plain } = ref.server.seed;
    const fx = await pam();
    const profile = gatedProfile(fx.served.url);
    profile.release(); // the page's own login goes through
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    const held = gatedProfile(fx.served.url);
    for (const [k, v] of profile.cookies) held.cookies.set(k, v);
    const other = createServerSessionClient({ fetch: held.fetch });
    clients.push(other);
    await other.ready;
    const caller = new AbortController();
    const first = other.auth.login(
      { login: plain.email, password: plain.password },
      { signal: caller.signal },
    );
    first.catch(() => {});
    await held.held(); // its head is in: its cookie stored
    caller.abort();
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    const retry = outcome(other.auth.login({ login: plain.email, password: plain.password }));
    await turns(50);
    expect(held.sent.filter((s) => s.path.endsWith('/auth/login'))).toHaveLength(1); // the retry waits
    held.release();
    expect(await retry).toMatchObject({ server_session: { login_id: expect.any(String) } });
    const paths = held.sent.map((s) => s.path.split('/').pop());
    expect(paths.indexOf('logout')).toBeGreaterThan(-1);
    expect(paths.lastIndexOf('login')).toBeGreaterThan(paths.indexOf('logout'));
  });
});
