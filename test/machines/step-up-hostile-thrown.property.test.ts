import fc from 'fast-check';
import {
  createUserModule,
  type HttpAdapter,
  isPamError,
  RequestValidationError,
  StepUpLockedError,
  StepUpRequiredError,
  secret,
} from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryStorage } from '../support/memory-storage';
import { STEP_UP_ROW_NAMES, STEP_UP_ROWS, type StepUpRowName } from '../support/step-up-rows';

// REVIEW-AG AG-1 (c), the class of it: a machine never crashes on what it catches. An app's custom
// adapter (or the step-up's `run` itself) may throw anything: a string, null, a frozen error, an
// error whose `code` / `reason` / `issues` / mark getter throws (at once or after some reads), a
// Proxy whose traps throw, a revoked Proxy. The step-up machine's guards and assigns read the
// caught value (`stepUpReasonOf`, `isPasswordLost`, `stepUpAttemptsLeftOf`, `asPamError`): none
// may throw, so the actor never reaches status 'error' ("Unable to evaluate guard"); it asks, or
// ends in `failed` with a typed error (a PamError). No time involved.

const MARK = Symbol.for('pam-client.uncarried');
const BRAND = Symbol.for('pam-client.error');
const init = { status: 422, method: 'PATCH', path: '/x', body: { message: 'Password?' } };

/** The errors a hostile value is built on. */
const BASES = {
  required: () => new StepUpRequiredError(init, 'required'),
  invalid: () => new StepUpRequiredError(init, 'invalid'),
  locked: () => new StepUpLockedError(1e15),
  lost: () =>
    new RequestValidationError('stepUp', [{ path: ['password_check'], code: 'not_persisted', message: 'x' }]),
  plain: () => new Error('plain'),
  branded: () => ({ [BRAND]: true, code: 'step_up_required', reason: 'invalid', issues: 'x' }),
} as const;
type Base = keyof typeof BASES;

/** The keys whose reading turns hostile. */
const KEYS = ['code', 'reason', 'issues', 'status', 'retryAt', 'message', 'name', MARK, BRAND] as const;

/** A hostile thrown value, as data (printed by fast-check when a run fails). */
type Hostile =
  | { kind: 'primitive'; value: unknown }
  | { kind: 'frozen'; base: Base }
  | { kind: 'getter'; base: Base; key: (typeof KEYS)[number]; reads: number }
  | { kind: 'proxy'; base: Base; key: (typeof KEYS)[number]; reads: number; keys: boolean }
  | { kind: 'proxyAll'; base: Base; reads: number }
  | { kind: 'revoked'; base: Base }
  | { kind: 'issues'; issues: unknown };

const boom = () => {
  throw new Error('boom');
};

/** `reads` good readings of the base's value, then every reading throws. */
const after = (reads: number, value: () => unknown) => {
  let n = 0;
  return () => (n++ < reads ? value() : boom());
};

function build(h: Hostile): unknown {
  switch (h.kind) {
    case 'primitive':
      return h.value;
    case 'frozen':
      return Object.freeze(BASES[h.base]());
    case 'getter': {
      const e = BASES[h.base]() as Record<PropertyKey, unknown>;
      const own = e[h.key as never];
      Object.defineProperty(e, h.key, { get: after(h.reads, () => own), configurable: true });
      return e;
    }
    case 'proxy': {
      const e = BASES[h.base]();
      const at = after(h.reads, () => undefined);
      return new Proxy(e, {
        get: (t, k, r) => (k === h.key && at(), Reflect.get(t, k, r)),
        getOwnPropertyDescriptor: (t, k) => (k === h.key && at(), Reflect.getOwnPropertyDescriptor(t, k)),
        has: (t, k) => (k === h.key && at(), Reflect.has(t, k)),
        ownKeys: (t) => (h.keys ? boom() : Reflect.ownKeys(t)),
      });
    }
    case 'proxyAll': {
      const e = BASES[h.base]();
      const at = after(h.reads, () => undefined);
      const handler = new Proxy(
        {},
        {
          get:
            (_, trap) =>
            (...args: unknown[]) => (at(), Reflect.apply(Reflect[trap as 'get'], Reflect, args as never)),
        },
      );
      return new Proxy(e, handler as ProxyHandler<object>);
    }
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable(BASES[h.base](), {});
      revoke();
      return proxy;
    }
    case 'issues':
      return Object.defineProperty(BASES.lost(), 'issues', { value: h.issues });
  }
}

const key = fc.constantFrom(...KEYS);
const base = fc.constantFrom(...(Object.keys(BASES) as Base[]));
const reads = fc.nat({ max: 4 });
const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  fc.record({
    kind: fc.constant('primitive' as const),
    value: fc.constantFrom<unknown>(
      'step_up_required',
      '',
      null,
      undefined,
      0,
      Number.NaN,
      Symbol('x'),
      1n,
      true,
    ),
  }),
  fc.record({ kind: fc.constant('frozen' as const), base }),
  fc.record({ kind: fc.constant('getter' as const), base, key, reads }),
  fc.record({ kind: fc.constant('proxy' as const), base, key, reads, keys: fc.boolean() }),
  fc.record({ kind: fc.constant('proxyAll' as const), base, reads: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('revoked' as const), base }),
  fc.record({
    kind: fc.constant('issues' as const),
    issues: fc.constantFrom<unknown>('not_persisted', [null], [undefined], [1], { length: 2 }, 7, [
      { code: 1 },
    ]),
  }),
);

/** A user module over an adapter whose n-th request throws `next()`. */
function userThrowing(next: () => unknown) {
  const fail = async () => {
    throw next();
  };
  const http: HttpAdapter = { get: fail, post: fail, patch: fail, delete: fail };
  return createUserModule(http, { signedIn: () => ({ userId: 42 }), storage: memoryStorage() });
}

/**
 * One machine over the row (or a `run` that throws the values itself when `direct`): confirms with
 * a password each time it asks (4 times at most). Every snapshot's status, and the last one.
 */
async function drive(values: Hostile[], name: StepUpRowName, direct: boolean) {
  let i = 0;
  const next = () => build(values[i++ % values.length]!);
  const user = userThrowing(next);
  const call = STEP_UP_ROWS[name][0];
  const actor = createActor(stepUpMachine, {
    input: {
      run: direct
        ? async () => {
            throw next();
          }
        : (check, signal) => call(user, { signal }, check),
    },
  });
  const statuses: string[] = [];
  let crashed: unknown;
  actor.subscribe({
    next: (s) => void statuses.push(s.status),
    error: (e) => {
      crashed = e ?? 'error';
    },
  });
  actor.start();
  let snap = actor.getSnapshot();
  for (let confirms = 0; ; confirms++) {
    snap = await waitFor(actor, (s) => s.status !== 'active' || s.hasTag('passwordRequired'));
    if (snap.status !== 'active' || confirms >= 4) break;
    actor.send({ type: 'CONFIRM', password: secret('pw') });
    if (actor.getSnapshot().hasTag('passwordRequired')) break;
  }
  actor.stop();
  return { snap, statuses, crashed };
}

describe('stepUpMachine: whatever is thrown, never status error', () => {
  it('property: hostile thrown values x the 20 step-up rows (and a run that throws them itself)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostile, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...STEP_UP_ROW_NAMES),
        fc.boolean(),
        async (values, name, direct) => {
          const { snap, statuses, crashed } = await drive(values, name, direct);
          expect(crashed).toBeUndefined();
          expect(statuses).not.toContain('error');
          expect(snap.status).not.toBe('error');
          expect(['passwordRequired', 'failed']).toContain(snap.value);
          // Failed: a PamError, as `asPamError` judged what was caught; only a value whose readings
          // change after some good ones (a getter or trap that throws later) may read otherwise now.
          const changing = values.some((h) => 'reads' in h && h.reads > 0);
          expect(
            snap.value === 'failed'
              ? snap.context.error !== null && (changing || isPamError(snap.context.error))
              : snap.hasTag('passwordRequired'),
          ).toBe(true);
        },
      ),
      { numRuns: 300, seed: 22 },
    );
  });

  // The named cases of the class (each one a single value thrown by the run itself).
  const named: [string, Hostile][] = [
    ['a thrown string', { kind: 'primitive', value: 'step_up_required' }],
    ['null', { kind: 'primitive', value: null }],
    ['a frozen StepUpRequiredError', { kind: 'frozen', base: 'required' }],
    ['a `reason` getter that throws', { kind: 'getter', base: 'invalid', key: 'reason', reads: 0 }],
    [
      'a `code` getter that throws on its 2nd reading',
      { kind: 'getter', base: 'required', key: 'code', reads: 1 },
    ],
    [
      'a `code` getter of a lock that throws on its 2nd reading',
      { kind: 'getter', base: 'locked', key: 'code', reads: 1 },
    ],
    ['an `issues` getter that throws', { kind: 'getter', base: 'lost', key: 'issues', reads: 0 }],
    ['issues that are a string', { kind: 'issues', issues: 'not_persisted' }],
    ['issues holding null', { kind: 'issues', issues: [null] }],
    [
      'a Proxy whose `reason` trap throws',
      { kind: 'proxy', base: 'invalid', key: 'reason', reads: 0, keys: true },
    ],
    ['a revoked Proxy', { kind: 'revoked', base: 'required' }],
  ];
  for (const [what, h] of named) {
    it(`${what}: no crash, asked or failed with a typed error`, async () => {
      const { snap, statuses, crashed } = await drive([h], 'updateEmail', true);
      expect(crashed).toBeUndefined();
      expect(statuses).not.toContain('error');
      expect(['passwordRequired', 'failed']).toContain(snap.value);
      expect(snap.value === 'failed' ? isPamError(snap.context.error) : true).toBe(true);
    });
  }
});
