import { sessionActorOf } from 'pam-client/devtools';
import { createCustomPamClient, type PamClientBase } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { isSecret } from '../../src/secrets/secret';
import { until } from '../support/event-loop';

// A command's secrets are boxed once, at the session's door, whatever sent it (`client.login` and
// its siblings, `client.state.send`): an inspector sees a `Secret`, never the string. A password or
// code that is no string (an untyped caller) is an empty secret: the login is refused as invalid
// input (`failed`), and the session does not crash (it threw "A Secret holds a string" and stopped).

const NOWHERE = 'http://127.0.0.1:9/api';
const refuse = (async () => {
  throw new TypeError('no network in this test');
}) as typeof fetch;
const clients: PamClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

function client() {
  const c = createCustomPamClient({
    baseURL: NOWHERE,
    fetch: refuse,
    environment: { channel: null },
    flows: [],
  });
  clients.push(c);
  return c;
}

/** The session's own events of `type`, as an inspector sees them. */
function seen(c: PamClientBase, type: string) {
  const events: Record<string, unknown>[] = [];
  const actor = sessionActorOf(c);
  actor.system.inspect((e) => {
    if (e.type === '@xstate.event' && e.actorRef === actor && e.event.type === type)
      events.push(e.event as Record<string, unknown>);
  });
  return events;
}

describe("a command's secrets are boxed at the session's door", () => {
  it('client.login and client.register: an inspector sees secrets', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut', 'restored');
    const logins = seen(c, 'LOGIN');
    const registrations = seen(c, 'REGISTER');
    c.login({ login: 'ana@example.com', password: 'plain-password', captchaToken: 'plain-captcha' });
    c.cancel();
    c.register({
      email: 'ana@example.com',
      password: 'plain-password',
      captcha_token: 'plain-captcha',
    } as never);
    expect(logins).toHaveLength(1);
    expect(isSecret(logins[0]?.password)).toBe(true);
    expect(isSecret(logins[0]?.captchaToken)).toBe(true);
    const payload = registrations[0]?.payload as Record<string, unknown>;
    expect(isSecret(payload.password)).toBe(true);
    expect(isSecret(payload.captcha_token)).toBe(true);
    expect(JSON.stringify([logins, registrations])).not.toContain('plain-');
  });

  it('client.state.send: the same', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut', 'restored');
    const logins = seen(c, 'LOGIN');
    c.state.send({ type: 'LOGIN', login: 'ana@example.com', password: 'plain-password' });
    expect(isSecret(logins[0]?.password)).toBe(true);
  });

  it('a password that is no string: refused as invalid input, the session still running', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut', 'restored');
    c.state.send({ type: 'LOGIN', login: 'ana@example.com', password: 42 as never });
    await until(() => c.view.status === 'failed', 'failed');
    expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    expect(c.view.error?.code).toBe('invalid_request');
  });
});
