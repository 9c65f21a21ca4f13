// Review 50 (a passing guard): the paths review 48 changed carry the player's secrets through the
// machine (a login remembered while signing out and raised from `signedOut`'s entry, `queued` kept; a
// login from `restoring.waiting`, `unread`; a wrong two-factor code). No password, code or captcha
// token reaches a snapshot (JSON or util.inspect), an inspection event, or an emitted event.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, inspector } from '../../machines/index';
import { cleanup, clients, stateOf } from '../review48/support';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

const PASSWORD = 'Sekret-pass-9731';
const CODE = '987612';
const CAPTCHA = 'captcha-tok-55123';

describe('secrets on the paths review 48 changed', () => {
  it('never in a snapshot, an inspection event or an emitted event', async () => {
    const profile = browserProfile(fx.served.url);
    const seen: string[] = [];
    const look = (v: unknown) => {
      try {
        seen.push(JSON.stringify(v) ?? '');
      } catch {}
      seen.push(inspect(v, { depth: 8 }));
    };
    const a = createServerSessionClient({
      fetch: profile.fetch,
      environment: { channel: null },
      flows: [inspector((e: unknown) => look((e as { event?: unknown }).event ?? null))],
    });
    clients.push(a);
    const actor = sessionActorOf(a);
    actor.subscribe((s) => look({ value: s.value, context: s.context }));
    for (const t of ['signedIn', 'signedOut', 'sessionExpired'] as const) a.on(t, (e) => look(e));
    a.subscribe((v) => look(v));
    await a.ready;
    const { plain, twoFactor } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    // A login remembered while the logout runs, raised from signedOut's entry.
    a.logout();
    a.login({ login: twoFactor.email, password: PASSWORD, captchaToken: CAPTCHA } as never);
    await until(
      () => !['signingOut'].includes(a.view.status),
      () => stateOf(a),
    );
    await until(
      () => a.view.status === 'failed',
      () => `refused (${stateOf(a)})`,
    );
    // The two-factor player, a wrong code.
    a.login({ login: twoFactor.email, password: twoFactor.password });
    await until(
      () => a.view.status === 'twoFactorRequired',
      () => `challenged (${stateOf(a)})`,
    );
    a.submitCode(CODE, CAPTCHA as never);
    await until(
      () => (a.view.status !== 'verifyingCode' && a.view.status !== 'twoFactorRequired') || !!a.view.error,
      () => stateOf(a),
    );
    await turns(50);
    look(actor.getSnapshot().context);
    look(a.view.error);
    const all = seen.join('\n');
    expect(seen.length).toBeGreaterThan(10);
    for (const secret of [PASSWORD, CODE, CAPTCHA]) expect(all).not.toContain(secret);
  });
});
