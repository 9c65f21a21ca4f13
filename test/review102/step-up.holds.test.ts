// Review 102 (holds): review 100's "a password goes to the login it was asked in" does not abort
// what it must not: a token refresh between the ask and the CONFIRM (same login), a CONFIRM in the
// same login, two step-up actors at once; and it does abort the same player's NEW login (a new
// sid: the password was typed for the login that ended).
import { secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stepUpMachine } from '../../machines/stepUpMachine';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const PATCH_EMAIL = '/bff/users/self-email';

const actorFor = (tab: Tab, email: string) =>
  createActor(stepUpMachine, {
    clock: world.clock,
    input: {
      run: (password_check, signal) =>
        tab.client.user.updateEmail({ email, ...(password_check && { password_check }) }, { signal }),
    },
  }).start();

describe('review 102: step-up in the same login still works', () => {
  it('a token refresh between the ask and the CONFIRM: done, sent with the new token', async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const actor = actorFor(tab, 'after-refresh@example.com');
    await world.advance(S, 100);
    expect(actor.getSnapshot().value).toBe('passwordRequired');
    const before = await tab.token();
    tab.client.session.send({ type: 'REFRESH' });
    await world.advance(2 * S, 100);
    const after = await tab.token();
    expect(after).not.toBe(before);
    actor.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
    await world.advance(2 * S, 100);
    expect(actor.getSnapshot().value).toBe('done');
    const last = world.server.requests.filter((r) => r.method === 'PATCH' && r.path === PATCH_EMAIL).at(-1);
    expect(last?.headers.authorization).toBe(`Bearer ${after}`);
    actor.stop();
  });

  it('two actors at once, each confirmed in the same login: both done', async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const one = actorFor(tab, 'one@example.com');
    const two = actorFor(tab, 'two@example.com');
    await world.advance(S, 100);
    expect([one.getSnapshot().value, two.getSnapshot().value]).toEqual([
      'passwordRequired',
      'passwordRequired',
    ]);
    two.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
    one.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
    await world.advance(2 * S, 100);
    expect([one.getSnapshot().value, two.getSnapshot().value]).toEqual(['done', 'done']);
    one.stop();
    two.stop();
  });

  it("the same player's new login (a new sid): the CONFIRM sends nothing", async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const actor = actorFor(tab, 'relogin@example.com');
    await world.advance(S, 100);
    tab.client.logout();
    await world.advance(S, 100);
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const n = world.count('PATCH', PATCH_EMAIL);
    actor.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
    await world.advance(2 * S, 100);
    expect(world.count('PATCH', PATCH_EMAIL)).toBe(n);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.stop();
  });

  it('a frozen signal from run: the key cannot be added, and nothing is sent for B', async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const actor = createActor(stepUpMachine, {
      clock: world.clock,
      input: {
        run: (password_check, signal) =>
          tab.client.user.updateEmail(
            { email: 'frozen@example.com', ...(password_check && { password_check }) },
            { signal: Object.freeze(signal) },
          ),
      },
    }).start();
    await world.advance(S, 100);
    tab.client.logout();
    await world.advance(S, 100);
    await logIn(world, tab, 'paused');
    await world.advance(S, 100);
    const n = world.count('PATCH', PATCH_EMAIL);
    actor.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
    await world.advance(2 * S, 100);
    expect(world.count('PATCH', PATCH_EMAIL)).toBe(n);
    expect(actor.getSnapshot().value).not.toBe('done');
    actor.stop();
  });
});
