import { AbortedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { recordFunnel } from './record';

// R-9 remainder: a change waiting on the app's `onStepUp` prompt ended with its login (S-8) but
// not with the app's own `signal` given to the call: aborted while the prompt was open, the call
// stayed pending until the prompt answered, and then sent the password anyway. Now every end of
// the call (its signal, its login, `client.stop()`) ends the wait: `aborted` at once, nothing more
// sent, the prompt's answer ignored, `stepUp.abandoned` with the reason (`aborted`, `stopped`).

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);
const EMAIL = /\/users\/self-email$/;
const PASSWORD = () => ctx.server.seed.plain.password;

/** A client whose prompt is held open (`answer` settles it later), signed in, the funnel recorded. */
async function prompted() {
  let asked = 0;
  let answer: (password: string | null) => void = () => {};
  const c = client({
    onStepUp: () => {
      asked++;
      return new Promise<string | null>((resolve) => {
        answer = resolve;
      });
    },
    flows: funnelEvents(operatorPreset()),
  });
  const funnel = recordFunnel(c);
  await signIn(c);
  const emails = () => ctx.server.requests.filter((r) => EMAIL.test(r.path)).length;
  return { c, funnel, emails, asked: () => asked, answer: (p: string | null) => answer(p) };
}

const settled = (p: Promise<unknown>) => {
  let state: unknown = 'pending';
  p.then(
    () => {
      state = 'resolved';
    },
    (e: unknown) => {
      state = e;
    },
  );
  return () => state;
};
const steps = <T extends { type: string }>(funnel: T[]) => funnel.filter((e) => e.type.startsWith('stepUp.'));

describe("a change waiting on the step-up prompt ends with the app's signal (R-9 remainder)", () => {
  it('aborted while the prompt is open: aborted at once, nothing more sent, the answer ignored, stepUp.abandoned (aborted)', async () => {
    const { c, funnel, emails, asked, answer } = await prompted();
    const controller = new AbortController();
    const outcome = settled(
      c.user.updateEmail({ email: 'ana.new@example.com' }, { signal: controller.signal }),
    );
    await until(() => asked() === 1, 'prompt asked');
    const sent = emails();
    expect(sent).toBe(1); // the first send, answered step_up_required
    controller.abort();
    await until(() => outcome() !== 'pending', 'the call settled while the prompt is still open');
    expect(outcome()).toBeInstanceOf(AbortedError);
    // The prompt answers late: nothing is sent with that password, no more events.
    answer(PASSWORD());
    await turns(20);
    expect(emails()).toBe(sent);
    expect(steps(funnel).map((e) => [e.type, (e as { reason?: string }).reason])).toEqual([
      ['stepUp.started', undefined],
      ['stepUp.abandoned', 'aborted'],
    ]);
    expect(steps(funnel)[1]).toMatchObject({
      change: 'email',
      run: (steps(funnel)[0] as { run: number }).run,
    });
    // The login goes on: a later change with a password still works.
    await expect(
      c.user.updateEmail({ email: 'ana.newer@example.com', password_check: PASSWORD() }),
    ).resolves.toBeDefined();
  });

  it('aborted before the call: aborted, nothing sent, the prompt never asked, no step-up events', async () => {
    const { c, funnel, emails, asked } = await prompted();
    const sent = emails();
    await expect(
      c.user.updateEmail({ email: 'ana.new@example.com' }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortedError);
    expect(emails()).toBe(sent);
    expect(asked()).toBe(0);
    expect(steps(funnel)).toEqual([]);
  });

  it('aborted during the resend (the password sent): aborted, stepUp.failed (aborted), nothing sent again', async () => {
    const { c, funnel, emails, asked, answer } = await prompted();
    const controller = new AbortController();
    const outcome = settled(
      c.user.updateEmail({ email: 'ana.new@example.com' }, { signal: controller.signal }),
    );
    await until(() => asked() === 1, 'prompt asked');
    const first = emails();
    expect(first).toBe(1);
    ctx.server.faults.add({ path: EMAIL, hang: true, times: 1 });
    answer(PASSWORD());
    await until(() => emails() === first + 1, 'the resend at the server');
    controller.abort();
    await until(() => outcome() !== 'pending', 'the call settled');
    expect(outcome()).toBeInstanceOf(AbortedError);
    await turns(20);
    expect(emails()).toBe(first + 1);
    expect(steps(funnel).map((e) => e.type)).toEqual(['stepUp.started', 'stepUp.failed']);
    expect(steps(funnel)[1]).toMatchObject({ code: 'aborted' });
  });

  it('client.stop() while the prompt is open: aborted at once, nothing sent, stepUp.abandoned (stopped)', async () => {
    const { c, funnel, emails, asked, answer } = await prompted();
    const outcome = settled(c.user.updateEmail({ email: 'ana.new@example.com' }));
    await until(() => asked() === 1, 'prompt asked');
    const sent = emails();
    expect(sent).toBe(1);
    c.stop();
    await until(() => outcome() !== 'pending', 'the call settled while the prompt is still open');
    expect(outcome()).toBeInstanceOf(AbortedError);
    answer(PASSWORD());
    await turns(20);
    expect(emails()).toBe(sent);
    expect(steps(funnel).map((e) => [e.type, (e as { reason?: string }).reason])).toEqual([
      ['stepUp.started', undefined],
      ['stepUp.abandoned', 'stopped'],
    ]);
  });
});
