import { inspect } from 'node:util';
import { isPamError, type PamError, type Secret, secret } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { CANARY, everythingAbout } from '../support/canary';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

/** An error as another copy of pam-client would make it: brand and code, no shared class. */
function foreignError(code: string, extra: Record<string, unknown> = {}): Error {
  const e = Object.assign(new Error('from another copy'), { code, ...extra });
  Object.defineProperty(e, Symbol.for('pam-client.error'), { get: () => true });
  return e;
}
const stepUp = (reason: 'required' | 'invalid') => foreignError('step_up_required', { reason, status: 422 });

/** A run that answers with the next outcome of `script` and records what it was given. */
function scripted(script: Array<'ok' | 'required' | 'invalid' | 'boom'>) {
  const calls: Array<string | undefined> = [];
  const signals: AbortSignal[] = [];
  const run = async (password: Secret | undefined, signal: AbortSignal) => {
    calls.push(password?.reveal());
    signals.push(signal);
    const next = script.shift() ?? 'ok';
    if (next === 'ok') return { changed: true };
    if (next === 'boom') throw foreignError('http', { status: 500 });
    throw stepUp(next);
  };
  return { run, calls, signals };
}

const settle = (actor: Actor<typeof stepUpMachine>) =>
  waitFor(actor, (s) => s.status === 'done' || s.hasTag('passwordRequired'));

describe('stepUpMachine', () => {
  it('is done at once when the change needs no password, with what run resolved to', async () => {
    const s = scripted(['ok']);
    const actor = createActor(stepUpMachine, { input: { run: s.run } }).start();
    const snap = await settle(actor);
    expect(snap.value).toBe('done');
    expect(snap.output).toEqual({ changed: true });
    expect(s.calls).toEqual([undefined]);
  });

  it('asks for the password on step_up_required and resends the same change once with it', async () => {
    const s = scripted(['required', 'ok']);
    const actor = createActor(stepUpMachine, { input: { run: s.run } }).start();
    let snap = await settle(actor);
    expect(snap.value).toBe('passwordRequired');
    expect(snap.context).toMatchObject({ reason: 'required', attemptsLeft: 3, password: null });
    actor.send({ type: 'CONFIRM', password: 'right-one' });
    snap = await waitFor(actor, (x) => x.status === 'done');
    expect(snap.value).toBe('done');
    expect(s.calls).toEqual([undefined, 'right-one']);
    expect(snap.context.password).toBeNull();
  });

  it('counts wrong passwords and fails when the attempts are used up', async () => {
    const s = scripted(['required', 'invalid', 'invalid']);
    const actor = createActor(stepUpMachine, { input: { run: s.run, maxAttempts: 2 } }).start();
    await settle(actor);
    actor.send({ type: 'CONFIRM', password: 'wrong-1' });
    await waitFor(actor, (x) => x.context.reason === 'invalid');
    expect(actor.getSnapshot()).toMatchObject({ value: 'passwordRequired', context: { attemptsLeft: 1 } });
    actor.send({ type: 'CONFIRM', password: secret('wrong-2') });
    const snap = await waitFor(actor, (x) => x.status === 'done');
    expect(snap.value).toBe('failed');
    expect(snap.context.attemptsLeft).toBe(0);
    expect(isPamError(snap.context.error) && snap.context.error.code).toBe('step_up_required');
    expect(s.calls).toEqual([undefined, 'wrong-1', 'wrong-2']);
  });

  it('fails on any other error, first try or confirmation', async () => {
    const first = createActor(stepUpMachine, { input: { run: scripted(['boom']).run } }).start();
    expect((await waitFor(first, (x) => x.status === 'done')).value).toBe('failed');
    const s = scripted(['required', 'boom']);
    const second = createActor(stepUpMachine, { input: { run: s.run } }).start();
    await settle(second);
    second.send({ type: 'CONFIRM', password: 'x1' });
    const snap = await waitFor(second, (x) => x.status === 'done');
    expect(snap.value).toBe('failed');
    expect((snap.context.error as PamError).code).toBe('http');
    // A foreign non-pam error becomes a PamError that quotes nothing of it.
    const odd = createActor(stepUpMachine, {
      input: {
        run: async () => {
          throw new Error(`leaked ${CANARY.password}`);
        },
      },
    }).start();
    const oddSnap = await waitFor(odd, (x) => x.status === 'done');
    expect(everythingAbout(oddSnap.context.error)).not.toContain(CANARY.password);
  });

  it('ignores an empty CONFIRM, and CANCEL leaves from any state, aborting the request in flight', async () => {
    const s = scripted(['required']);
    let release: () => void = () => {};
    const hanging = (password: Secret | undefined, signal: AbortSignal) =>
      password ? new Promise<void>((r) => (release = r)) : s.run(password, signal);
    const actor = createActor(stepUpMachine, { input: { run: hanging } }).start();
    await settle(actor);
    actor.send({ type: 'CONFIRM', password: '' });
    expect(actor.getSnapshot().value).toBe('passwordRequired');
    const seen: AbortSignal[] = [];
    const s2 = scripted(['required']);
    const run2 = (p: Secret | undefined, signal: AbortSignal) => {
      seen.push(signal);
      return p ? new Promise<void>(() => {}) : s2.run(p, signal);
    };
    const b = createActor(stepUpMachine, { input: { run: run2 } }).start();
    await settle(b);
    b.send({ type: 'CONFIRM', password: 'pw' });
    expect(b.getSnapshot().value).toBe('confirming');
    b.send({ type: 'CANCEL' });
    expect(b.getSnapshot().value).toBe('cancelled');
    expect(b.getSnapshot().context.password).toBeNull();
    expect(seen[1]?.aborted).toBe(true);
    release();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('a confirmation restored from JSON has no password: it asks again instead of spending an attempt', async () => {
    const s = scripted(['required']);
    const actor = createActor(stepUpMachine, {
      input: { run: (p, signal) => (p ? new Promise(() => {}) : s.run(p, signal)) },
    }).start();
    await settle(actor);
    actor.send({ type: 'CONFIRM', password: CANARY.password });
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    actor.stop();
    expect(JSON.stringify(persisted)).not.toContain(CANARY.password);
    const calls: unknown[] = [];
    const restored = restoreActor(stepUpMachine, persisted, { run: async (p) => void calls.push(p) }).start();
    const snap = await waitFor(restored, (x) => x.hasTag('passwordRequired'));
    expect(snap.context.attemptsLeft).toBe(3);
    expect(calls).toEqual([]);
  });
});

describe('stepUpMachine over the reference server', () => {
  it('keeps a password sent as a string out of every snapshot, persisted snapshot and error', async () => {
    const { user } = signedIn(ctx.server);
    const actor = createActor(stepUpMachine, {
      input: {
        run: (password_check, signal) =>
          user.setTimeoutLimits(
            { user_pause: 2, reason: 1, ...(password_check && { password_check }) },
            { signal },
          ),
        maxAttempts: 1,
      },
    }).start();
    await settle(actor);
    actor.send({ type: 'CONFIRM', password: CANARY.password });
    const texts: string[] = [];
    actor.subscribe((s) => texts.push(JSON.stringify(s), inspect(s.context, { depth: 8 })));
    const failed = await waitFor(actor, (x) => x.status === 'done');
    expect(failed.value).toBe('failed');
    texts.push(
      JSON.stringify(failed),
      JSON.stringify(actor.getPersistedSnapshot()),
      everythingAbout(failed.context.error),
    );
    expect(texts.join('\n')).not.toContain(CANARY.password);
    expect((failed.context.error as PamError).code).toBe('step_up_required');
  });

  // A password sent as a plain string sits in the caller's own event object (XState's mailbox holds
  // it while the event is processed, as for login's SUBMIT); sent as secret(), nothing shows it.
  it('changes the e-mail after a wrong and a right password; the password never shows', async () => {
    const { user } = signedIn(ctx.server);
    const actor = createActor(stepUpMachine, {
      input: {
        run: (password_check, signal) =>
          user.updateEmail(
            { email: 'stepped.up@example.com', ...(password_check && { password_check }) },
            { signal },
          ),
      },
    });
    const seen: string[] = [];
    actor.subscribe((s) => {
      seen.push(JSON.stringify(s), inspect(s, { depth: 8 }), JSON.stringify(actor.getPersistedSnapshot()));
    });
    actor.start();
    await settle(actor);
    expect(actor.getSnapshot().context.reason).toBe('required');
    actor.send({ type: 'CONFIRM', password: secret(CANARY.password) });
    await waitFor(actor, (x) => x.context.reason === 'invalid');
    const wrong = actor.getSnapshot();
    expect(wrong.context.attemptsLeft).toBe(2);
    actor.send({ type: 'CONFIRM', password: secret(ctx.server.seed.plain.password) });
    const done = await waitFor(actor, (x) => x.status === 'done');
    expect(done.value).toBe('done');
    expect(ctx.server.requests.map((r) => (r.body as { password_check?: string }).password_check)).toEqual([
      undefined,
      CANARY.password,
      ctx.server.seed.plain.password,
    ]);
    const everything = [...seen, everythingAbout(wrong.context.error)].join('\n');
    expect(everything).not.toContain(CANARY.password);
    expect(everything).not.toContain(ctx.server.seed.plain.password);
  });
});
