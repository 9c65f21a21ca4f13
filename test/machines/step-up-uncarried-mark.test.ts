import fc from 'fast-check';
import { createUserModule, type HttpAdapter, isPamError, StepUpRequiredError } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryStorage } from '../support/memory-storage';
import { carriesCheck, STEP_UP_ROW_NAMES, STEP_UP_ROWS, type StepUpRowName } from '../support/step-up-rows';

// REVIEW-AG AG-1: the user module marked the adapter's own error object as "from a call that cannot
// carry password_check" (Symbol.for('pam-client.uncarried'), non-configurable, never removed). A
// custom adapter that throws one cached StepUpRequiredError for every call got it marked by
// updateMarketing; a later updateEmail (which carries password_check) then ended in `failed`
// without asking. And a mark whose reading throws put the machine in status 'error'. Now the
// module throws a marked copy (cause: the adapter's error, left as it was) and the machine reads
// the mark as an own data property, inside try. A custom adapter (the ofetch one makes a new error
// per request); no time involved.

const MARK = Symbol.for('pam-client.uncarried');
const ID = 42;

/** The one error a memoising adapter throws for every call. */
const cachedStepUp = () =>
  new StepUpRequiredError(
    { status: 422, method: 'POST', path: '/x', body: { message: 'Password?' } },
    'required',
  );

/** A user module over an adapter whose every request throws `thrown()`. */
function userThrowing(thrown: () => unknown) {
  const fail = async () => {
    throw thrown();
  };
  const http: HttpAdapter = { get: fail, post: fail, patch: fail, delete: fail };
  return createUserModule(http, { signedIn: () => ({ userId: ID }), storage: memoryStorage() });
}

type User = ReturnType<typeof userThrowing>;

/** Runs `name` in a step-up actor until it asks, ends or fails; its last snapshot. */
async function machineOn(user: User, name: StepUpRowName) {
  const call = STEP_UP_ROWS[name][0];
  const actor = createActor(stepUpMachine, {
    input: { run: (check, signal) => call(user, { signal }, check) },
  });
  actor.subscribe({ error: () => {} });
  actor.start();
  const snap = await waitFor(actor, (s) => s.status !== 'active' || s.hasTag('passwordRequired'));
  actor.stop();
  return snap;
}

describe('stepUpMachine: the uncarried mark never stays on the adapter’s error', () => {
  it('one cached StepUpRequiredError: updateMarketing, then updateEmail in the machine asks for the password', async () => {
    const one = cachedStepUp();
    const user = userThrowing(() => one);
    const thrown = await user.updateMarketing({ mkt_accepted: true }).catch((e: unknown) => e);
    // What the module throws: the same class, code, reason, fields and message; the cause is the
    // adapter's error, which is left unmarked.
    expect(thrown).not.toBe(one);
    expect(thrown).toBeInstanceOf(StepUpRequiredError);
    expect(thrown).toMatchObject({ code: 'step_up_required', reason: 'required', status: 422, path: '/x' });
    expect((thrown as Error).message).toBe('Password?');
    expect((thrown as Error).cause).toBe(one);
    expect((thrown as { body?: unknown }).body).toBe(one.body);
    expect(JSON.stringify(thrown)).toBe(JSON.stringify(one));
    expect(Object.getOwnPropertySymbols(one)).not.toContain(MARK);

    const snap = await machineOn(user, 'updateEmail');
    expect(snap.value).toBe('passwordRequired');
    expect(snap.context).toMatchObject({ reason: 'required', attemptsLeft: 3 });
  });

  it('the machine on updateMarketing with the cached error still fails at once, and leaves it unmarked', async () => {
    const one = cachedStepUp();
    const user = userThrowing(() => one);
    const snap = await machineOn(user, 'updateMarketing');
    expect(snap.value).toBe('failed');
    expect(snap.context.error).toBeInstanceOf(StepUpRequiredError);
    expect(snap.context.error?.cause).toBe(one);
    expect(Object.getOwnPropertySymbols(one)).not.toContain(MARK);
  });

  // Any order of the 20 rows over the one cached error: each machine asks exactly when its row's
  // body takes `password_check` (the zod schema, the oracle), whatever ran before it.
  it('property: over any sequence of rows sharing one error, a machine asks exactly for the rows that carry the password', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...STEP_UP_ROW_NAMES), { minLength: 1, maxLength: 8 }),
        async (names) => {
          const one = cachedStepUp();
          const user = userThrowing(() => one);
          for (const name of names) {
            const snap = await machineOn(user, name);
            expect(snap.status).not.toBe('error');
            expect(snap.value).toBe(carriesCheck(name) ? 'passwordRequired' : 'failed');
          }
          expect(Object.getOwnPropertySymbols(one)).not.toContain(MARK);
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** A step-up error whose own mark is a getter that throws. */
const throwingGetter = () => {
  const e = cachedStepUp();
  Object.defineProperty(e, MARK, {
    get() {
      throw new Error('boom');
    },
  });
  return e;
};

/** A Proxy over a step-up error whose traps throw for the mark (and for listing its own keys). */
const throwingProxy = () =>
  new Proxy(cachedStepUp(), {
    get(target, key, receiver) {
      if (key === MARK) throw new Error('boom');
      return Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      if (key === MARK) throw new Error('boom');
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    has(target, key) {
      if (key === MARK) throw new Error('boom');
      return Reflect.has(target, key);
    },
    ownKeys() {
      throw new Error('boom');
    },
  });

describe('stepUpMachine: a mark that cannot be read is no mark, never a crash', () => {
  for (const [what, make] of [
    ['a throwing mark getter', throwingGetter],
    ['a Proxy whose traps throw', throwingProxy],
  ] as const) {
    it(`${what}: updateEmail asks for the password`, async () => {
      const snap = await machineOn(
        userThrowing(() => make()),
        'updateEmail',
      );
      expect(snap.status).not.toBe('error');
      expect(snap.value).toBe('passwordRequired');
    });

    it(`${what}: updateMarketing fails with step_up_required, no prompt`, async () => {
      const snap = await machineOn(
        userThrowing(() => make()),
        'updateMarketing',
      );
      expect(snap.status).not.toBe('error');
      expect(snap.value).toBe('failed');
      expect(isPamError(snap.context.error) && snap.context.error.code).toBe('step_up_required');
    });
  }
});
