import { AbortedError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import type { User } from './in-flight-support';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// REVIEW-26B A-1: another tab of the browser signs ANOTHER player in (the cookie now seals that
// login) and says so; tab A reads the session (`rereading`: its GET /session held here). Meanwhile
// A's app sends a pause: A still holds the old login (the word is only a word), and the pause was
// SENT with the new login's cookie: applied to the other player. Now each call names the login it
// was made for (`X-Pam-Login`) and the proxy refuses it unsent when the cookie holds another: the
// call is a 401 (not applied), the other player's session is kept.
const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const PAUSE = '/bff/users/timeout-limits';
const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AbortedError ? 'aborted' : ((e as { status?: number }).status ?? e)),
  );

describe('a pause sent while the session is read again after another login word (REVIEW-26B A-1)', () => {
  it("is refused unsent, never applied to the other player's login", async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    let holdSession = false;
    const heldReads: Array<() => void> = [];
    const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (holdSession && url.endsWith('/session')) await new Promise<void>((r) => heldReads.push(r));
      return profile.fetch(input, init);
    }) as typeof fetch;
    const a = createServerSessionClient({
      fetch: fetchA,
      flows: [userModule()],
      environment: { channel: hub.channel() },
    });
    clients.push(a);
    await a.ready;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.canBet === true, 'A signed in, free to bet');
    const first = sessionActorOf(a).getSnapshot().context.sid;
    // Another tab signs the OTHER player in: the cookie jar now holds pendingLimit's login.
    const res = await profile.fetch('/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: pendingLimit.email, password: pendingLimit.password }),
    });
    expect(res.status).toBe(200);
    holdSession = true;
    hub.channel().postMessage(forged({ type: 'signedIn', loginId: 'another-login' }));
    await until(() => heldReads.length === 1, 'A reads the session again (held)');
    const before = requestsTo(ref.server, PAUSE).length;
    const call = settle(
      (a as unknown as { user: User }).user.setTimeoutLimits({
        user_pause: 7,
        reason: 1,
        password_check: plain.password,
      }),
    );
    await turns(60);
    const sentDuringRead = requestsTo(ref.server, PAUSE).length - before;
    holdSession = false;
    heldReads[0]!();
    await until(() => sessionActorOf(a).getSnapshot().context.sid !== first, 'A read the new login');
    const outcome = await call;
    expect(outcome).toBe(401);
    // The other player's session is kept (the cookie not cleared), and A now shows that player.
    const seed = await profile
      .fetch('/pam/session', { headers: { 'x-pam-client': '1' } })
      .then((x) => x.json());
    expect(seed.status).toBe('signedIn');
    expect(seed.user.id).toBe(pendingLimit.id);
    await until(() => a.view.user?.id === pendingLimit.id, 'A shows the other player');
    expect(sentDuringRead).toBe(0);
  });
});
