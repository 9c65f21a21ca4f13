// Review 133 (LOW, defect): a step-up password the client itself refuses (over PASSWORD_MAX, 1,024
// characters: a pasted document) ENDS the change: stepUpMachine goes to its final `failed` with
// `invalid_request`, nothing sent, no attempt counted, so the player must start the whole change
// again. loginMachine keeps the step open on the same kind of input (a refused SUBMIT_CODE returns
// to `twoFactorRequired` with `context.error`: API.md "A rejected two-factor code returns
// loginMachine to twoFactorRequired with context.error set"), and stepUp's own `hasPassword` guard
// keeps `passwordRequired` on an empty one. Expected: back to `passwordRequired`, the typed error
// in `context.error`, attempts left unchanged, nothing sent.
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stepUpMachine } from '../../machines/stepUpMachine';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { modsOf } from './support';

const ctx = useReferenceServer();

it('review 133: a too-long step-up password keeps passwordRequired with a typed error (defect)', async () => {
  const { user } = modsOf(ctx);
  const actor = createActor(stepUpMachine, {
    input: {
      run: (password_check, signal) =>
        user.updateEmail(
          { email: 'step.up@example.com', ...(password_check && { password_check }) },
          { signal },
        ),
    },
  }).start();
  try {
    await until(() => actor.getSnapshot().value !== 'sending', 'asked for the password');
    expect(actor.getSnapshot().value).toBe('passwordRequired');
    const before = ctx.server.requests.length;
    actor.send({ type: 'CONFIRM', password: 'p'.repeat(2_000) });
    await until(() => actor.getSnapshot().value !== 'confirming', 'confirmation settled');
    const s = actor.getSnapshot();
    expect([
      s.value,
      s.context.error?.code,
      s.context.attemptsLeft,
      ctx.server.requests.length - before,
    ]).toEqual(['passwordRequired', 'invalid_request', 3, 0]);
  } finally {
    actor.stop();
  }
});
