// Review 149. Severity: MEDIUM-HIGH.
// What happens: a registration of `newbie@example.com` answered 2xx with a session for ANOTHER
// account (`user.email` `player@example.com`, that player's real token: a mixed-up cache, a hostile
// proxy, a back end that matched the e-mail to an existing account) signs the new player in as
// that other player: `view.status` `signedIn`, `view.user.email` the other player's, the token
// stored. Nothing compares the registration's answer with the e-mail it registered
// (machines/session/login.ts `sealedAuth` compares only a challenge's `user.id`;
// machines/loginMachine.ts `registering.onDone` goes straight to `authenticated`).
// What should happen: as for a code answer naming another player (review 115): an answer whose
// `user.email` is not the e-mail registered (case-folded) is no sign-in for it: `failed` with
// `invalid_response`, nothing stored, its token revoked (one logout naming it).
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { loginAnswer } from '../support/login-answer';
import { S, useWorld } from '../support/world';

const world = useWorld();
const REG = '/auth/register-simplified';
const form = (email: string) => ({
  email,
  password: 'Str0ng!Passw0rd',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
});

describe('a registration answered with another account', () => {
  it('client.register: not signed in as the other player, its token revoked', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    const body = loginAnswer(world.server); // player@example.com's session
    world.server.faults.add({ method: 'POST', path: REG, status: 200, times: 1, body });
    tab.client.register(form('newbie@example.com'));
    await world.advance(3 * S, 50);
    expect(world.count('POST', REG)).toBe(1);
    expect(tab.client.view.user?.email).not.toBe('player@example.com');
    expect(tab.client.view.status).toBe('failed');
    expect(tab.client.view.error?.code).toBe('invalid_response');
    expect(await tab.token()).toBeNull();
    const revoked = world.server.requests.filter((r) => r.path === '/auth/logout');
    expect(revoked).toHaveLength(1);
  });

  it('loginMachine REGISTER: not authenticated with the other account', async () => {
    const http = createOfetchAdapter({ baseURL: world.server.url, retry: 0 });
    const auth = { ...createAuthModule(http) };
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: loginAnswer(world.server),
    });
    const actor = createActor(loginMachine, { input: { auth } }).start();
    actor.send({ type: 'REGISTER', payload: form('newbie2@example.com') });
    const s = await waitFor(actor, (x) => !x.matches('registering'), { timeout: 30_000 });
    actor.stop();
    expect(s.value).toBe('failed');
    expect(s.context.error?.code).toBe('invalid_response');
  });
});
