import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STATUSES } from '../../machines/client/session-facade';
import { until as loopUntil, turns } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// The session view (issue 10) and every login outcome leaving `signingIn` (issue 15, item 1).

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
  const views: SessionView[] = [];
  c.subscribe((v) => views.push(v));
  // Consecutive views of one status (e.g. signedIn, then signedIn with the profile read) count once.
  const statuses = () => views.map((v) => v.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);
  return { c, views, statuses };
}
/** Spins the event loop until the view shows `status` (no real-time deadline but a 10 s safety net). */
const until = (c: PamClient, status: SessionView['status']) =>
  loopUntil(() => c.view.status === status, `status ${status} (now ${c.view.status})`);

describe('session view', () => {
  it('walks signingIn -> twoFactorRequired -> verifyingCode -> signedIn with no child actor', async () => {
    const { c, statuses } = client();
    await until(c, 'signedOut');
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(c, 'twoFactorRequired');
    expect(c.view.codeAttemptsLeft).toBe(5);
    expect(sessionActorOf(c).getSnapshot().hasTag('twoFactorRequired')).toBe(true);
    c.submitCode('000000');
    await loopUntil(() => c.view.codeAttemptsLeft === 4, '4 attempts left');
    expect(c.view.status).toBe('twoFactorRequired');
    expect(c.view.error?.code).toBeTruthy();
    c.submitCode(twoFactorCode!);
    await until(c, 'signedIn');
    expect(statuses()).toEqual([
      'signedOut',
      'signingIn',
      'twoFactorRequired',
      'verifyingCode',
      'twoFactorRequired',
      'verifyingCode',
      'signedIn',
    ]);
    expect(c.view.user?.email).toBe(email);
    expect(c.view.error).toBeNull();
    expect(Object.isFrozen(c.view)).toBe(true);
    const token = (await c.tokens.get())?.accessToken;
    expect(JSON.stringify(c.view)).not.toContain(token);
    expect(c.view.user).not.toHaveProperty('token');
  });

  it('a wrong password ends in failed with the error; LOGIN from there starts over', async () => {
    const { c } = client();
    await until(c, 'signedOut');
    c.login({ login: ctx.server.seed.plain.email, password: 'wrong-password-1' });
    await until(c, 'failed');
    expect(c.view.error).not.toBeNull();
    expect(sessionActorOf(c).getSnapshot().hasTag('failed')).toBe(true);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(c, 'signedIn');
  });

  it('a cancelled account ends in cancelledAccount; cancel() returns to signedOut', async () => {
    const { c } = client();
    await until(c, 'signedOut');
    const { email, password } = ctx.server.seed.cancelled;
    c.login({ login: email, password });
    await until(c, 'cancelledAccount');
    c.cancel();
    await until(c, 'signedOut');
    expect(c.view.error).toBeNull();
  });

  it('five rejected codes end in failed', async () => {
    const { c } = client();
    await until(c, 'signedOut');
    const { email, password } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    for (let left = 5; left > 0; left--) {
      await loopUntil(
        () => c.view.status === 'twoFactorRequired' && c.view.codeAttemptsLeft === left,
        `${left} attempts left`,
      );
      c.submitCode(`99999${left}`);
    }
    await until(c, 'failed');
    expect(c.view.codeAttemptsLeft).toBeNull();
  });

  it('a 429 lockout ends in failed with retryAt', async () => {
    const { c } = client();
    await until(c, 'signedOut');
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 429,
      headers: { 'retry-after': '60' },
      body: { message: 'Too many attempts' },
      times: 1,
    });
    const before = Date.now();
    c.login({ login: ctx.server.seed.plain.email, password: 'x' });
    await until(c, 'failed');
    expect(c.view.retryAt).toBeGreaterThanOrEqual(before + 59_000);
  });

  it('cancel() abandons the two-factor step', async () => {
    const { c } = client();
    await until(c, 'signedOut');
    const { email, password } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(c, 'twoFactorRequired');
    c.cancel();
    await until(c, 'signedOut');
    expect(c.view.codeAttemptsLeft).toBeNull();
  });

  it('subscribe fires only when the view changes, and the statuses are the documented ones', async () => {
    const { c, views } = client();
    await until(c, 'signedOut');
    const n = views.length;
    c.state.send({ type: 'TICK' });
    c.state.send({ type: 'REFRESH' });
    await turns(10); // signed out: nothing may follow
    expect(views.length).toBe(n);
    expect(SESSION_STATUSES).toEqual([
      'restoring',
      'signedOut',
      'signingIn',
      'registering',
      'twoFactorRequired',
      'verifyingCode',
      'signedIn',
      'signingOut',
      'cancelledAccount',
      'failed',
    ]);
  });
});

describe('registration through the session', () => {
  it('register() goes through registering and ends signed in, the token stored, without the password again', async () => {
    const { c, statuses } = client();
    await until(c, 'signedOut');
    c.register({
      email: `new-${Date.now()}@example.com`,
      password: 'Str0ng!Passw0rd',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    });
    await until(c, 'signedIn');
    expect(statuses()).toContain('registering');
    expect((await c.tokens.get())?.accessToken).toMatch(/\S{16,}/);
    const profile = await c.auth.getUserProfile();
    expect(profile.user.email).toBe(c.view.user?.email);
  });
});
