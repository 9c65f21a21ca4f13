import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import {
  createServerSessionClient,
  inspector,
  type ServerSessionClientBase,
  userModule,
} from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// FIXAK2B's microtask gap (SENT27 2): `X-Pam-Login` was read per attempt (a `headers` getter),
// when the adapter built the request, microtasks after the call was made: a login change seen in
// between named the NEW login on a call made for the old one, and the proxy forwarded it with the
// new login's cookie. Now each call names the login held when it was made. Deterministic: the call
// is made from an inspector, synchronously, as the session takes the read that shows another login
// (the event is seen before it is processed), so the login changes after the call and before its
// headers; over real sockets (the reference server behind `pam-client/server`).
const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const PAUSE = '/bff/users/timeout-limits';
const loginIdOf = (c: ServerSessionClientBase) =>
  (sessionActorOf(c).getSnapshot().context as unknown as { loginId: string | null }).loginId;

describe('a call names the login held when it was made (X-Pam-Login, SENT27 2)', () => {
  it('made for the old login just before another is taken: refused by the proxy, never forwarded', async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    let armed = false;
    let call: Promise<unknown> | undefined;
    let named: string | null | undefined;
    const seen: string[] = [];
    const a = createServerSessionClient({
      fetch: profile.fetch,
      flows: [
        userModule(),
        inspector((event) => {
          const type = (event as { event?: { type?: string } }).event?.type;
          if (!armed || event.type !== '@xstate.event' || type !== 'xstate.done.actor.seed') return;
          armed = false;
          const snapshot = sessionActorOf(a).getSnapshot();
          seen.push(String(snapshot.value && JSON.stringify(snapshot.value)));
          named = loginIdOf(a);
          call = a.http.patch(PAUSE, { user_pause: 7, reason: 1, password_check: plain.password }).then(
            () => 'ok',
            (e: { status?: number }) => e.status,
          );
        }),
      ],
      environment: { channel: hub.channel() },
    });
    clients.push(a);
    await a.ready;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.canBet === true, 'A signed in, free to bet');
    const first = loginIdOf(a);
    // Another tab signs the OTHER player in: the cookie jar now holds pendingLimit's login.
    const res = await profile.fetch('/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: pendingLimit.email, password: pendingLimit.password }),
    });
    expect(res.status).toBe(200);
    const before = requestsTo(ref.server, PAUSE).length;
    armed = true;
    hub.channel().postMessage(forged({ type: 'signedIn', loginId: 'another-login' }));
    await until(() => call !== undefined, 'the call made as the read of the other login is taken');
    // Made while A still held its first login.
    expect(named).toBe(first);
    expect(seen[0]).toContain('rereading');
    expect(await call).toBe(401);
    await turns(20);
    // Never forwarded: the other player's account is not paused.
    expect(requestsTo(ref.server, PAUSE).length - before).toBe(0);
  });
});
