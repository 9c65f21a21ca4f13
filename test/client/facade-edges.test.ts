// The edges of `client.state` and `client.on` an app meets (review REV2 of issue 32.3): a stopped
// client fails closed and says so, a command after `stop()` or through the facade never shows a
// secret, listeners come and go as XState's do, and two funnels share one client. On the real
// client against the reference server over a real socket.
import { SEED_ACCOUNTS } from 'pam-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import {
  createPamClient,
  funnelEvents,
  operatorPreset,
  type PamClient,
  type SessionView,
} from '../../machines/index';
import { subscribeTo } from '../../src/bindings/vanilla';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
afterEach(() => {
  vi.restoreAllMocks();
});
const { client, keep } = usePamClients(ctx);

async function signedIn(c: PamClient): Promise<void> {
  await until(() => c.view.status !== 'restoring', 'restored');
  c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
  await until(
    () => c.view.status === 'signedIn' && c.view.restrictions?.status === 'current',
    () => `signed in with current restrictions, is ${c.view.status} ${c.view.restrictions?.status}`,
  );
}

describe('a stopped client', () => {
  it('shows its restrictions as stale (canBet false) and tells its listeners', async () => {
    const c = client();
    await signedIn(c);
    expect(c.state.getSnapshot().restrictions?.canBet).toBe(true);
    const heard: (boolean | undefined)[] = [];
    subscribeTo(
      c.state,
      (v: SessionView) => v.restrictions?.canBet,
      (canBet) => heard.push(canBet),
    );
    c.stop();
    const after = c.state.getSnapshot();
    expect(after.restrictions?.canBet).toBe(false);
    expect(after.restrictions?.status).toBe('stale');
    expect(heard.at(-1)).toBe(false);
  });

  it('drops a command: no warning, and no secret or login on the console', async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    c.stop();
    const logged: unknown[] = [];
    for (const level of ['warn', 'error', 'log', 'debug', 'info'] as const)
      vi.spyOn(console, level).mockImplementation((...args) => logged.push(...args));
    c.state.send({ type: 'LOGIN', login: 'ana.stopped@example.com', password: 'hunter2-secret-stopped' });
    c.login({ login: 'ana.stopped@example.com', password: 'hunter2-secret-stopped' });
    expect(JSON.stringify(logged.map(String))).not.toMatch(/hunter2|ana\.stopped/);
  });
});

describe('client.state.send', () => {
  it('boxes the password, code and captcha of a raw command before any inspector sees it', async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    const seen: string[] = [];
    sessionActorOf(c).system.inspect((event) => {
      if (event.type === '@xstate.event') seen.push(JSON.stringify(event.event));
    });
    c.state.send({
      type: 'LOGIN',
      login: SEED_ACCOUNTS.plain.email,
      password: 'raw-password-through-state',
      captchaToken: 'raw-captcha-through-state',
    });
    await until(() => seen.some((s) => s.includes('"LOGIN"')), 'the LOGIN inspected');
    expect(seen.join('\n')).not.toMatch(/raw-password-through-state|raw-captcha-through-state/);
  });

  it("boxes client.login's, register's and submitCode's strings before any inspector sees them", async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    const seen: string[] = [];
    sessionActorOf(c).system.inspect((event) => {
      if (event.type === '@xstate.event') seen.push(JSON.stringify(event.event));
    });
    c.register({
      email: 'nova@example.com',
      password: 'raw-password-of-register',
      captcha_token: 'raw-captcha-of-register',
    } as Parameters<typeof c.register>[0]);
    c.cancel();
    c.login({
      login: SEED_ACCOUNTS.plain.email,
      password: 'raw-password-of-login',
      captchaToken: 'raw-captcha-of-login',
      appSource: 'web',
    });
    c.submitCode('raw-code-of-submit', 'raw-captcha-of-submit');
    await until(() => seen.some((s) => s.includes('"LOGIN"')), 'the LOGIN inspected');
    const all = seen.join('\n');
    expect(all).toContain('"REGISTER"');
    expect(all).toContain('"appSource":"web"');
    expect(all).not.toMatch(/raw-(password|captcha|code)-of-/);
  });
});

describe('view listeners', () => {
  it('a listener another removed earlier in the same notification is not called', async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    const calledB: string[] = [];
    let offB = () => {};
    c.state.subscribe(() => offB());
    offB = c.state.subscribe((v) => calledB.push(v.status));
    c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    expect(calledB).toEqual([]);
  });

  it('the same listener subscribed twice stays subscribed once one subscription ends', async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    const got: string[] = [];
    const listener = (v: SessionView) => got.push(v.status);
    const off1 = c.state.subscribe(listener);
    c.state.subscribe(listener);
    off1();
    c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    expect(got).toContain('signedIn');
  });
});

describe('funnelEvents()', () => {
  it('two funnels in one client: both hear the sign-in, neither breaks the client', async () => {
    const c = createPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
      flows: funnelEvents(funnelEvents(operatorPreset())),
    });
    keep(c);
    const heard: string[] = [];
    c.on('signIn.started' as never, () => heard.push('started'));
    await signedIn(c);
    expect(heard).toEqual(['started']);
  });
});

describe('a malformed child event through XState’s own door', () => {
  it.each(['xstate.snapshot.login', 'xstate.done.actor.login'])(
    '%s without its snapshot or output leaves the session running',
    async (type) => {
      const c = client();
      await until(() => c.view.status !== 'restoring', 'restored');
      await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        ctx.server.faults.add({ method: 'POST', path: '/auth/login', delayMs: 100, times: 1 });
        c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
        const raw = sessionActorOf(c) as unknown as {
          _send(event: object): void;
          getSnapshot(): { status: string };
        };
        raw._send({ type });
        expect(raw.getSnapshot().status).toBe('active');
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
