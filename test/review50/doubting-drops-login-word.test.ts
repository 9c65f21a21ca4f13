// Review 50: signedIn.doubting queues another tab's `signedIn` word heard while its read is on its way
// (signed-in.ts: `REMOTE_LOGIN: { guard: 'another', actions: 'queue' }`), but its read's signed-out
// branch goes to `signedOut`, whose entry `unqueue`s (no login pending): the word is dropped. Tab B
// logs out login 1 (A doubts, reads: answered signed out) and signs in again (login 2, told to A)
// before A's page reads that answer: A shows signed out while the cookie holds login 2, which it was
// told of. docs/server.md: words heard while a read is on its way ask for one more read after it.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, nextLoad, queuedOf, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('another tab logs out and in again while this tab doubts', () => {
  it('this tab follows the login the cookie holds', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    other.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const read = a.gate.hold({ path: '/session', after: true });
    other.logout();
    await read.inJar; // A doubts: its read answered (signed out), not read by the page yet
    await until(() => other.view.status === 'signedOut', 'the other tab signed out');
    other.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => other.view.status === 'signedIn', 'the other tab signed in again');
    await until(
      () => queuedOf(a),
      () => `its word heard while A doubts (${stateOf(a)})`,
    );
    read.releaseAfter();
    await until(
      () => !stateOf(a).includes('doubting') && !stateOf(a).includes('reading'),
      () => `settled (${stateOf(a)})`,
    );
    await turns(200);
    const cookie = await b.cookieLogin();
    expect(cookie).toBe(loginIdOf(other));
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: cookie });
  });
});
