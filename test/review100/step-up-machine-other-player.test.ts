// Review 100. Severity: HIGH.
// What happens: `stepUpMachine` holds a change begun for player A in `passwordRequired` across a
// logout and another player's login. A `CONFIRM` with A's password then calls `run` again, and
// `client.user` sends the change with B's token (B's session is the current one). So A's change,
// confirmed with A's password, is applied to B's account: the machine ends `done`, and B's e-mail
// is changed. (The reference server's seed players share one password, so B's server accepts A's.)
// What should happen: a step-up belongs to the login it began in, as the client's own `onStepUp`
// path does (machines/client/outcome.ts `withOutcomeCheck`: "a step-up prompt open ... aborted:
// never sent with the next login's token"). Once that login ends, the CONFIRM must send nothing
// and the machine must end `failed` (an `aborted`/`unauthorized` error), never `done`.
import { secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stepUpMachine } from '../../machines/stepUpMachine';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const PATCH_EMAIL = '/bff/users/self-email';

describe("stepUpMachine: player A's password never confirms a change for player B", () => {
  it('a CONFIRM after a logout and another login sends nothing and fails', async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const actor = createActor(stepUpMachine, {
      clock: world.clock,
      input: {
        run: (password_check, signal) =>
          tab.client.user.updateEmail(
            { email: 'taken-over@example.com', ...(password_check && { password_check }) },
            { signal },
          ),
      },
    }).start();
    await world.advance(S, 100);
    expect(actor.getSnapshot().value).toBe('passwordRequired');
    expect(world.count('PATCH', PATCH_EMAIL)).toBe(1);

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
    expect(withB).toEqual([]);
    expect(world.count('PATCH', PATCH_EMAIL)).toBe(1);
    expect(actor.getSnapshot().value).not.toBe('done');
    actor.stop();
  });
});
