// Review 100, holds: step-up (core module, stepUpMachine, the client's onStepUp): a password the
// server echoes (422 or 2xx) is redacted from errors, results and snapshots; a prompt answered
// after the call's signal aborted sends nothing; the client's own onStepUp ends with the login.
import { createOfetchAdapter, createUserModule, secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { stepUpMachine } from '../../machines/stepUpMachine';
import { turns, until } from '../support/event-loop';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const EMAIL = '/bff/users/self-email';

const coreUser = () => {
  const token = world.server.issueToken(world.server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: world.server.url, getAccessToken: () => token, retry: 0 });
  return createUserModule(http);
};

describe('step-up holds', () => {
  it('a 422 echoing the wrong password: redacted in the snapshot error, its body, cause and fieldErrors', async () => {
    const user = coreUser();
    const PW = 'Wr0ngPass!x';
    world.server.faults.add({
      method: 'PATCH',
      path: EMAIL,
      status: 422,
      body: {
        message: `password ${PW} is wrong`,
        code: 'password_check_invalid',
        errors: { password_check: [`${PW} wrong`] },
        echo: { password_check: PW },
      },
    });
    const actor = createActor(stepUpMachine, {
      input: {
        run: (pc, signal) =>
          user.updateEmail({ email: 'n@example.com', ...(pc && { password_check: pc }) }, { signal }),
      },
    }).start();
    await waitFor(actor, (s) => s.hasTag('passwordRequired'), { timeout: 30_000 });
    actor.send({ type: 'CONFIRM', password: secret(PW) });
    await waitFor(actor, (s) => s.value !== 'confirming', { timeout: 30_000 });
    const e = actor.getSnapshot().context.error as unknown as Record<string, unknown>;
    const cause = e.cause as Record<string, unknown>;
    const seen = JSON.stringify([
      actor.getPersistedSnapshot(),
      e.body,
      e.message,
      e.fieldErrors,
      cause?.message,
      cause?.body,
    ]);
    expect(actor.getSnapshot().context.attemptsLeft).toBe(2);
    expect(seen).not.toContain(PW);
    actor.stop();
  });

  it('a 2xx echoing password_check: redacted in the result and the persisted snapshot', async () => {
    const user = coreUser();
    const PW = world.server.seed.plain.password;
    const actor = createActor(stepUpMachine, {
      input: {
        run: (pc, signal) =>
          user.updateEmail({ email: 'n@example.com', ...(pc && { password_check: pc }) }, { signal }),
      },
    }).start();
    await waitFor(actor, (s) => s.hasTag('passwordRequired'), { timeout: 30_000 });
    world.server.faults.add({
      method: 'PATCH',
      path: EMAIL,
      status: 200,
      body: { ok: true, password_check: PW, note: `confirmed with ${PW}` },
    });
    actor.send({ type: 'CONFIRM', password: secret(PW) });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 30_000 });
    expect(JSON.stringify([actor.getPersistedSnapshot(), actor.getSnapshot().output])).not.toContain(PW);
    actor.stop();
  });

  it('CONFIRM twice, and CONFIRM after CANCEL: one resend at most', async () => {
    const user = coreUser();
    const PW = world.server.seed.plain.password;
    const actor = createActor(stepUpMachine, {
      input: {
        run: (pc, signal) =>
          user.updateEmail({ email: 'twice@example.com', ...(pc && { password_check: pc }) }, { signal }),
      },
    }).start();
    await waitFor(actor, (s) => s.hasTag('passwordRequired'), { timeout: 30_000 });
    actor.send({ type: 'CONFIRM', password: secret(PW) });
    actor.send({ type: 'CONFIRM', password: secret(PW) });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 30_000 });
    expect(world.count('PATCH', EMAIL)).toBe(2);
    const other = createActor(stepUpMachine, {
      input: {
        run: (pc, signal) =>
          user.updateEmail({ email: 'c@example.com', ...(pc && { password_check: pc }) }, { signal }),
      },
    }).start();
    await waitFor(other, (s) => s.hasTag('passwordRequired'), { timeout: 30_000 });
    other.send({ type: 'CANCEL' });
    other.send({ type: 'CONFIRM', password: secret(PW) });
    await turns(20);
    expect(other.getSnapshot().value).toBe('cancelled');
    expect(world.count('PATCH', EMAIL)).toBe(3);
  });

  it('core: a prompt answered after the signal aborted sends nothing', async () => {
    const user = coreUser();
    const controller = new AbortController();
    let answer: (p: string) => void = () => {};
    const outcome = user
      .updateEmail(
        { email: 'late@example.com' },
        {
          signal: controller.signal,
          onStepUp: () =>
            new Promise<string>((resolve) => {
              answer = resolve;
            }),
        },
      )
      .then(
        () => 'resolved',
        (e: { code?: string }) => e.code,
      );
    await until(() => world.count('PATCH', EMAIL) === 1, 'first try');
    controller.abort();
    answer(world.server.seed.plain.password);
    expect(await outcome).toBe('aborted');
    expect(world.count('PATCH', EMAIL)).toBe(1);
  });

  it("client onStepUp: a prompt answered after logout and another player's login sends nothing", async () => {
    let answer: (p: string) => void = () => {};
    let asked = 0;
    const tab = world.open({
      channel: false,
      onStepUp: () => {
        asked++;
        return new Promise<string>((resolve) => {
          answer = resolve;
        });
      },
    });
    await logIn(world, tab, 'plain');
    await world.advance(S, 100);
    const outcome = tab.client.user.updateEmail({ email: 'taken@example.com' }).then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    await world.advance(S, 100);
    expect(asked).toBe(1);
    tab.client.logout();
    await world.advance(S, 100);
    await logIn(world, tab, 'paused');
    answer(world.server.seed.plain.password);
    await world.advance(S, 100);
    expect(await outcome).toBe('aborted');
    expect(world.count('PATCH', EMAIL)).toBe(1);
  });
});
