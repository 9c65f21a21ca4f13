// The session bindings on the real client (createPamClient) against the reference server over a
// real socket: the 2FA step with a wrong code, cancel, a login, a logout.
import { describeError } from 'pam-client';
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

function client() {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(c);
  return c;
}
const statusIs = (read: () => SessionView['status'], status: SessionView['status']) =>
  until(
    () => read() === status,
    () => `status ${status}, is ${read()}`,
  );

describe('session bindings on createPamClient', () => {
  it('onSessionChange and sessionStore follow 2FA, a wrong code, cancel, login and logout', async () => {
    const c = client();
    const seen: SessionView[] = [];
    const stop = onSessionChange(c, (view) => seen.push(view));
    const session = sessionStore(c);
    const stored: SessionView[] = [];
    const unsubscribe = session.subscribe((view) => stored.push(view));
    await statusIs(() => get(session).status, 'signedOut');

    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    session.login({ login: email, password });
    await statusIs(() => get(session).status, 'twoFactorRequired');
    expect(get(session).codeAttemptsLeft).toBe(5);
    session.submitCode('000000');
    await until(() => get(session).codeAttemptsLeft === 4, 'the wrong code counted');
    const { title } = describeError(get(session).error, { locale: 'en' });
    expect(title.length).toBeGreaterThan(0);
    expect(title).not.toContain('000000');

    session.cancel();
    await statusIs(() => get(session).status, 'signedOut');
    session.login({ login: email, password });
    await statusIs(() => get(session).status, 'twoFactorRequired');
    session.submitCode(twoFactorCode!);
    await statusIs(() => get(session).status, 'signedIn');
    expect(get(session).user?.email).toBe(email);
    session.logout();
    await statusIs(() => get(session).status, 'signedOut');
    expect(get(session).signedOutReason).toBe('logout');

    // Both saw the same views, the first one included, each once.
    expect(stored).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    const statuses = seen.map((v) => v.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual([
      ...(statuses[0] === 'restoring' ? ['restoring'] : []),
      'signedOut',
      'signingIn',
      'twoFactorRequired',
      'verifyingCode',
      'twoFactorRequired',
      'signedOut',
      'signingIn',
      'twoFactorRequired',
      'verifyingCode',
      'signedIn',
      'signingOut',
      'signedOut',
    ]);
    stop();
    unsubscribe();
    // No password, code or token in any view the bindings handed out.
    const text = JSON.stringify(seen);
    for (const secret of [password, '000000', twoFactorCode!]) expect(text).not.toContain(secret);
  });

  it('useSession (Vue) refs follow a login on the real client', async () => {
    const c = client();
    const scope = effectScope();
    const { status, user, login } = scope.run(() => useSession(c))!;
    await statusIs(() => status.value, 'signedOut');
    const { email, password } = ctx.server.seed.plain;
    login({ login: email, password });
    await statusIs(() => status.value, 'signedIn');
    expect(user.value?.email).toBe(email);
    scope.stop();
  });
});
