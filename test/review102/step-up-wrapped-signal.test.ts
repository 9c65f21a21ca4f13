// Review 102. Severity: HIGH.
// What happens: review 100's fix of "A's password confirms A's change on B's account" rides on a
// hidden key of the signal `stepUpMachine` hands `run` (`Symbol.for('pam-client.asked-by')`). An
// app whose `run` wraps that signal (`AbortSignal.any([signal, AbortSignal.timeout(…)])`, the usual
// way to add a deadline) or passes none (`run: (pw) => client.user.updateEmail({...})`, the options
// are optional) loses the key: after a logout and player B's login while the actor waits in
// `passwordRequired`, the CONFIRM sends A's change with A's password under B's token (B's e-mail is
// changed, the actor ends `done`). The check fails open (sensitive.ts:313, `askedBy &&
// askedIn.has(askedBy) && …`: no key, no check).
// What should happen: the password goes only to the login it was asked in whatever `run` does with
// the signal: nothing sent with B's token, the actor never `done`.
import { secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type StepUpRun, stepUpMachine } from '../../machines/stepUpMachine';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const PATCH_EMAIL = '/bff/users/self-email';

async function aThenB(runOf: (tab: Tab) => StepUpRun) {
  const tab = world.open({ channel: false });
  await logIn(world, tab, 'plain');
  await world.advance(S, 100);
  const actor = createActor(stepUpMachine, { clock: world.clock, input: { run: runOf(tab) } }).start();
  await world.advance(S, 100);
  expect(actor.getSnapshot().value).toBe('passwordRequired');
  tab.client.logout();
  await world.advance(S, 100);
  await logIn(world, tab, 'paused');
  await world.advance(S, 100);
  const tokenB = await tab.token();
  actor.send({ type: 'CONFIRM', password: secret(world.server.seed.plain.password) });
  await world.advance(2 * S, 100);
  const withB = world.server.requests.filter(
    (r) => r.method === 'PATCH' && r.path === PATCH_EMAIL && r.headers.authorization === `Bearer ${tokenB}`,
  );
  const state = actor.getSnapshot().value;
  actor.stop();
  return { withB: withB.length, state };
}

describe("stepUpMachine: A's password never reaches B's login, whatever `run` does with the signal", () => {
  it('run wraps the signal with AbortSignal.any (a deadline added)', async () => {
    const r = await aThenB(
      (tab) => (password_check, signal) =>
        tab.client.user.updateEmail(
          { email: 'taken-over@example.com', ...(password_check && { password_check }) },
          { signal: AbortSignal.any([signal, new AbortController().signal]) },
        ),
    );
    expect(r).toEqual({ withB: 0, state: expect.not.stringMatching(/^done$/) });
  });

  it('run passes no signal', async () => {
    const r = await aThenB(
      (tab) => (password_check) =>
        tab.client.user.updateEmail({
          email: 'taken-over@example.com',
          ...(password_check && { password_check }),
        }),
    );
    expect(r).toEqual({ withB: 0, state: expect.not.stringMatching(/^done$/) });
  });
});
