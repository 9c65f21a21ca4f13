// signingIn's CANCEL with `queued` (another tab's login heard while this tab's login was on its way)
// goes to `restoring.reading` at once. When this tab's login answer's head is in already (its cookie
// stored: it replaced the other tab's), the call is kept to its answer and logged out naming it
// (kept-login.ts) while the read, sent at once, reads that very login from the cookie: the page
// takes the login it just gave up on, and its logout then clears the cookie. Nothing tells the page:
// it shows a player signed in over an empty cookie (until its next call's 401).
import { describe, expect, it } from 'vitest';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browser, cleanup, loginIdOf, nextLoad, queuedOf, stateOf } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

type Browser = ReturnType<typeof browser>;
type Tab = ReturnType<Browser['tab']>;

/**
 * Cancels `a`'s login whose head is in (its body held), lets the body go, and waits for the kept
 * login's logout and for the page to settle on what the cookie then holds (signed out: it is empty).
 */
async function cancelOnceHeadIn(b: Browser, a: Tab, held: { releaseBody(): void }) {
  a.cancel();
  await until(
    () => a.view.status !== 'restoring',
    () => `read (${stateOf(a)})`,
  );
  held.releaseBody();
  await until(() => b.profile.seen.some((s) => s.url.endsWith('/auth/logout')), 'the kept login logged out');
  await until(
    () => a.view.status === 'signedOut',
    () => `the page follows the cookie (${stateOf(a)})`,
  );
  await turns(20);
  const cookie = await b.cookieLogin();
  return { cookie, shown: a.view.status === 'signedIn' ? loginIdOf(a) : null };
}

describe('cancel after its head is in, with another tab’s login heard meanwhile', () => {
  it('the page does not end up signed in on the login it gave up on (cookie cleared by its logout)', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    const held = a.gate.hold({ path: '/auth/login', before: true, body: true });
    a.login({ login: plain.email, password: plain.password });
    await held.sent; // this tab's login on its way
    other.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => queuedOf(a), "the other tab's login heard while this tab's is on its way");
    held.release();
    await held.inJar; // its cookie replaced the other tab's
    await held.bodyWaits; // its head is in: the page reads its body
    const { cookie, shown } = await cancelOnceHeadIn(b, a, held);
    expect((await nextLoad(b.profile)).status).toBe('signedOut'); // the cookie holds no login
    // The page shows what the cookie holds: no player over an empty cookie.
    expect({ status: a.view.status, shown }).toEqual({
      status: cookie ? 'signedIn' : 'signedOut',
      shown: cookie,
    });
  });

  it('one tab: a login sent while the first read is on its way (CUT_SHORT), cancelled once its head is in: not signed in over an empty cookie', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const read = a.gate.hold({ path: '/session', before: true });
    const held = a.gate.hold({ path: '/auth/login', body: true });
    await read.sent;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => queuedOf(a), 'the read cut short');
    read.release();
    await held.bodyWaits; // its head is in: the cookie holds this login
    const { cookie, shown } = await cancelOnceHeadIn(b, a, held);
    expect({ status: a.view.status, shown }).toEqual({
      status: cookie ? 'signedIn' : 'signedOut',
      shown: cookie,
    });
  });
});
