import { AbortedError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import type { User } from './in-flight-support';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// REVIEW-AK AK-2's leftover, over real sockets (the reference server behind `pam-client/server`):
// tab A's pause has LEFT (the proxy sent it upstream with the old login's cookie), its answer held;
// meanwhile another tab of the browser signs in again (the same player, or another one: the
// cookie now seals the new login) and tells the tabs (`signedIn`); A reads the session and sees the
// new login. The pause was aborted by the client's login binding (`AbortedError`, though the server
// may have applied it): it settles by its own answer now. A change whose step-up prompt is open
// when the login changes has not left: it is still aborted, nothing sent.

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

/** Tab A (its answers to `timeout-limits` held after the server answered), one browser, a hub. */
async function tabA(onStepUp?: () => Promise<string | null>) {
  const { plain } = ref.server.seed;
  const hub = new FakeChannelHub();
  const profile = browserProfile(fx.served.url);
  const held: Array<() => void> = [];
  const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const answer = await profile.fetch(input, init);
    if (url.includes('timeout-limits')) await new Promise<void>((resolve) => held.push(resolve));
    return answer;
  }) as typeof fetch;
  const a = createServerSessionClient({
    fetch: fetchA,
    flows: [userModule()],
    environment: { channel: hub.channel() },
    ...(onStepUp && { onStepUp }),
  });
  clients.push(a);
  await a.ready;
  a.login({ login: plain.email, password: plain.password });
  await until(() => a.view.restrictions?.canBet === true, 'A signed in, free to bet');
  const sid = () => sessionActorOf(a).getSnapshot().context.sid;
  const first = sid();
  /** Another tab of the browser signs `who` in (the cookie now seals that login) and says so. */
  const otherTabSignsIn = async (who: 'plain' | 'pendingLimit') => {
    const { email, password } = ref.server.seed[who];
    const res = await profile.fetch('/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: email, password }),
    });
    expect(res.status).toBe(200);
    hub.channel().postMessage(forged({ type: 'signedIn', loginId: 'another-login' }));
    await until(() => sid() !== first && a.view.status === 'signedIn', 'A read the session: the new login');
    expect(a.view.user?.id).toBe(ref.server.seed[who].id);
  };
  return { a, held, otherTabSignsIn, user: (a as unknown as { user: User }).user };
}

describe.each(['plain', 'pendingLimit'] as const)(
  'server-session: a pause on its way when %s signs in again in another tab',
  (who) => {
    it('applied (200): the call resolves, not AbortedError', async () => {
      const t = await tabA();
      const { plain } = ref.server.seed;
      const call = settle(
        t.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: plain.password }),
      );
      await until(() => t.held.length === 1, 'the pause answered by the server, its answer on its way');
      await t.otherTabSignsIn(who);
      t.held[0]!();
      expect(await call).toBe('ok');
      expect(requestsTo(ref.server, PAUSE)).toHaveLength(1);
    });

    it('answered 401: the refusal, not AbortedError', async () => {
      const t = await tabA();
      const { plain } = ref.server.seed;
      const outcomes: unknown[] = [];
      t.a.on('mutationOutcomeUnknown', (e) => outcomes.push(e));
      ref.server.faults.add({
        path: /timeout-limits/,
        status: 401,
        body: { message: 'Unauthenticated.' },
        times: 1,
      });
      const call = settle(
        t.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: plain.password }),
      );
      await until(() => t.held.length === 1, 'the pause answered 401, the answer on its way');
      await t.otherTabSignsIn(who);
      t.held[0]!();
      expect(await call).toBe(401);
      await turns(20);
      // A refusal: nothing may have been applied, nothing re-read.
      expect(outcomes).toEqual([]);
    });
  },
);

describe('server-session: a change not sent yet when the login changes', () => {
  it('its step-up prompt open: aborted, nothing sent again', async () => {
    let answer!: (password: string | null) => void;
    let asked = 0;
    const t = await tabA(
      () =>
        new Promise<string | null>((resolve) => {
          asked++;
          answer = resolve;
        }),
    );
    const { plain } = ref.server.seed;
    // No password: the server asks for one (step_up_required), the prompt opens.
    const call = settle(t.user.setTimeoutLimits({ user_pause: 7, reason: 1 }));
    await until(() => t.held.length === 1, 'the step-up answer on its way');
    t.held[0]!();
    await until(() => asked === 1, 'the step-up prompt open');
    const sent = requestsTo(ref.server, PAUSE).length;
    expect(sent).toBe(1);
    await t.otherTabSignsIn('pendingLimit');
    expect(await call).toBe('aborted');
    answer(plain.password);
    await turns(40);
    expect(requestsTo(ref.server, PAUSE)).toHaveLength(sent);
  });
});
