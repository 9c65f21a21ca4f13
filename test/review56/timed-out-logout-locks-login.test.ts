// Review 56 (against 41f19f41), setup.ts `logout` actor: only a `network` failure is tried again
// with the logout's id (`X-Pam-Logout`). A logout that reached the proxy and outlived the client's
// timeout (`timeout`, 15 s by default; the proxy's logout may take longer with its defaults: a
// refresh in flight waited for, `waitMs` = timeoutMs + 1 s, then revokes up to `timeoutMs`) fails
// with `timeout`, is never tried again, and its id is gone. The tab reads the session (the ended
// cookie: signed out, no Set-Cookie inside IN_FLIGHT_MS), and the ended cookie stays in the jar:
// the player's login joins the ended lineage and is refused `401 signed_out` (its refusal clears
// nothing either) until 60 s after the mark, which 2d7e4ca1 now writes when the slow logout's
// answer LEAVES (so the lock is the logout's own duration + 60 s). A second `logout()` would be a
// new logout (new id), refused 401 as well. Review 53's lock, mended for `network` only.
// Suggested fix: setup.ts `logout`: try again after `timeout` too (same id: the proxy answers
// it as that logout done and clears), or keep the id of a logout that got no answer and send it
// with the session read that follows / the next logout of the same login.
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a logout that timed out at the client after the proxy took it', () => {
  it('the player can sign out again and sign in right after', async () => {
    const profile = browserProfile(fx.served.url);
    let logouts = 0;
    let arrived = false;
    const slow = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.split('?')[0]!.endsWith('/auth/logout') && ++logouts === 1) {
        // Reaches the proxy and is done there; the page gives up first (its timeout): the answer,
        // the cookie cleared, dropped with the aborted fetch.
        // (Done at the proxy at once, its answer held back until the page gave up: nothing reaches
        // the jar, and the page's next try leaves only after.)
        const jar = new Map(profile.cookies);
        const signal = init?.signal;
        const aborted = new Promise<never>((_, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
        await profile.fetch(input, { ...init, signal: null });
        profile.cookies.clear();
        for (const [k, v] of jar) profile.cookies.set(k, v);
        arrived = true;
        await aborted;
      }
      return profile.fetch(input, init);
    }) as typeof fetch;
    const client = createServerSessionClient({ fetch: slow, timeout: 300, environment: { channel: null } });
    clients.push(client);
    await client.ready;
    const { plain } = ref.server.seed;
    await client.auth.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    client.logout();
    await until(() => arrived, 'the first logout done at the proxy, its answer dropped');
    await until(
      () => !['signingOut', 'restoring'].includes(client.view.status),
      () => `first logout settled (${client.view.status})`,
    );
    const afterFirst = client.view.status;
    if (afterFirst === 'signedIn') {
      clock.now += 2_000;
      client.logout(); // offered again: a new logout, a new id
      await until(
        () => client.view.status === 'signedOut',
        () => `signed out (${client.view.status})`,
      );
    }
    await turns(100);
    clock.now += 2_000;
    const ended = [...profile.cookies.values()][0]; // (the ended login's, if the jar kept it)
    const tries: string[] = [];
    tries.push(
      await client.auth.login({ login: plain.email, password: plain.password }).then(
        () => 'granted',
        (e: { status?: number; body?: { pam?: string } }) => `${e.status} ${e.body?.pam}`,
      ),
    );
    const left = ended !== undefined && [...profile.cookies.values()].includes(ended);
    // Fails on 41f19f41 with { tries: ['401 signed_out'], left: true } (the tab, after the timeout,
    // either read the session or stayed signed in with the error and was signed out again: both
    // end the same way, the page signed out, the ended cookie left, the player's login refused).
    expect({ afterFirst: ['signedIn', 'signedOut'].includes(afterFirst), tries, left }).toEqual({
      afterFirst: true,
      tries: ['granted'],
      left: false,
    });
  });
});
