import fc from 'fast-check';
import {
  createAuthModule,
  createUserModule,
  type HttpAdapter,
  HttpError,
  isPamError,
  NetworkError,
  StepUpRequiredError,
  secret,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { STEP_UP_STORAGE_PREFIX } from '../../src/user/step-up-attempts';
import { memoryStorage } from '../support/memory-storage';
import { carriesCheck, STEP_UP_ROW_NAMES, STEP_UP_ROWS, type StepUpRowName } from '../support/step-up-rows';

// FIXUSER23 (the leftovers of FIXSTEP22's class): what a custom adapter throws is read by the user
// module to count the step-up's passwords (is it a step-up? a wrong password? a 429?). A value
// whose reading throws (a getter, a Proxy trap, a revoked Proxy) is read ONCE, defensively
// (src/user/thrown.ts): the fields the count needs (brand, code, reason, status, retryAfter,
// fieldErrors) are read together, and a value any of whose readings throws is an unknown failure,
// exactly as a thrown string is: the call rejects with an `UnexpectedError` and the password sent
// stays pending (STEP_UP_PENDING_MS: it may have reached the server, never counted wrong). A value
// whose count fields read cleanly (a frozen PamError, a getter or trap on a field nobody reads) is
// what its base is. The oracle: the same call over an adapter throwing the twin (a string, or a
// fresh base), compared on what the caller sees (code, requests, prompts) and on the record the
// count keeps. Time: a fixed server clock (no timers).

const T = Date.parse('2026-12-01T16:00:00Z');
const PASSWORD = 'pw-Very-Secret-9';
const BRAND = Symbol.for('pam-client.error');
const init = { status: 422, method: 'PATCH', path: '/x', body: { message: 'Password?' } };

/** The errors a hostile value is built on (a fresh one per request). */
const BASES = {
  required: () => new StepUpRequiredError(init, 'required'),
  invalid: () => new StepUpRequiredError(init, 'invalid'),
  tooMany: () => new HttpError({ status: 429, method: 'PATCH', path: '/x', body: {}, retryAfter: 30 }),
  oldPassword: () =>
    new HttpError({ status: 422, method: 'PUT', path: '/x', body: { errors: { old_password: ['wrong'] } } }),
  network: () => new NetworkError('PATCH', '/x'),
  plain: () => new Error('plain'),
  branded: () => ({ [BRAND]: true, code: 'step_up_required', reason: 'invalid', status: 422 }),
} as const;
type Base = keyof typeof BASES;

/** The fields the count reads (a throwing one makes the value unknown); the others nobody reads. */
const READ = ['code', 'reason', 'status', 'retryAfter', 'fieldErrors', BRAND] as const;
const KEYS = [...READ, 'body', 'headers', 'message', 'name', 'stack'] as const;
type Key = (typeof KEYS)[number];
const TRAPS = ['get', 'has', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'ownKeys'] as const;
type Trap = (typeof TRAPS)[number];

/** A hostile thrown value, as data (fast-check prints it when a run fails). */
type Hostile =
  | { kind: 'primitive'; value: unknown }
  | { kind: 'object' }
  | { kind: 'frozen'; base: Base }
  | { kind: 'getter'; base: Base; key: Key }
  | { kind: 'trapOn'; base: Base; key: Key }
  | { kind: 'trap'; base: Base; trap: Trap }
  | { kind: 'revoked'; base: Base };

const boom = (): never => {
  throw new Error(`boom ${PASSWORD}`);
};

function build(h: Hostile): unknown {
  switch (h.kind) {
    case 'primitive':
      return h.value;
    case 'object':
      return { code: 'step_up_required', reason: 'invalid', status: 429 };
    case 'frozen':
      return Object.freeze(BASES[h.base]());
    case 'getter': {
      // Every reading of `key` throws (own getter, shadowing the prototype's brand too); over a
      // field that cannot be redefined (HttpError's `body`), on an object inheriting from the base.
      const e = BASES[h.base]();
      const getter = { get: boom, configurable: true };
      return Object.getOwnPropertyDescriptor(e, h.key)?.configurable === false
        ? Object.create(e, { [h.key]: getter })
        : Object.defineProperty(e, h.key, getter);
    }
    case 'trapOn':
      return new Proxy(BASES[h.base](), {
        get: (t, k, r) => (k === h.key ? boom() : Reflect.get(t, k, r)),
      });
    case 'trap':
      return new Proxy(BASES[h.base](), { [h.trap]: boom });
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable(BASES[h.base](), {});
      revoke();
      return proxy;
    }
  }
}

const isBranded = (b: Base) => b !== 'plain';

/** What the value means to the count: a fresh base, or (unknown) a string. */
function twin(h: Hostile): () => unknown {
  const unknown = () => 'x';
  switch (h.kind) {
    case 'primitive':
    case 'object':
    case 'revoked':
      return unknown;
    case 'frozen':
      return BASES[h.base];
    case 'getter':
    case 'trapOn':
      return isBranded(h.base) && !(READ as readonly Key[]).includes(h.key) ? BASES[h.base] : unknown;
    case 'trap':
      return isBranded(h.base) && h.trap !== 'get' ? BASES[h.base] : unknown;
  }
}

const base = fc.constantFrom(...(Object.keys(BASES) as Base[]));
const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  fc.record({
    kind: fc.constant('primitive' as const),
    value: fc.constantFrom<unknown>('step_up_required', PASSWORD, '', null, undefined, 0, 429, Number.NaN),
  }),
  fc.record({ kind: fc.constant('object' as const) }),
  fc.record({ kind: fc.constant('frozen' as const), base }),
  fc.record({ kind: fc.constant('getter' as const), base, key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('trapOn' as const), base, key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('trap' as const), base, trap: fc.constantFrom(...TRAPS) }),
  fc.record({ kind: fc.constant('revoked' as const), base }),
);

/** The player's record as the count keeps it: wrong ones, locked or not, pending ones. */
const recordOf = (storage: ReturnType<typeof memoryStorage>) => {
  const raw = storage.data.get(`${STEP_UP_STORAGE_PREFIX}player 42`);
  if (raw === undefined) return null;
  const r = JSON.parse(raw) as { wrong: number; lockedUntil: number; held: unknown[] };
  return { wrong: r.wrong, locked: r.lockedUntil !== 0, pending: r.held.length };
};

/**
 * One call of the row over an adapter throwing `next()` at each request; the prompt answers a
 * password each time. What the caller saw and what the count kept.
 */
async function callRow(name: StepUpRowName, withCheck: boolean, next: () => unknown) {
  let sent = 0;
  let asked = 0;
  const fail = async () => {
    sent++;
    throw next();
  };
  const http: HttpAdapter = { get: fail, post: fail, patch: fail, delete: fail };
  const storage = memoryStorage();
  const user = createUserModule(http, { signedIn: () => ({ userId: 42 }), storage, serverNow: () => T });
  const onStepUp = async () => (asked++, secret(PASSWORD));
  const check = withCheck && carriesCheck(name) ? secret(PASSWORD) : undefined;
  let error: unknown;
  let resolved = false;
  try {
    await STEP_UP_ROWS[name][0](user, { onStepUp }, check);
    resolved = true;
  } catch (e) {
    error = e;
  }
  const typed = isPamError(error);
  return {
    error,
    seen: {
      resolved,
      typed,
      code: typed ? (error as { code: string }).code : String(error),
      sent,
      asked,
      record: recordOf(storage),
    },
  };
}

/** The error as an app would log or show it (each reading tried: an adapter's own value may throw). */
const shown = (error: unknown) => {
  const e = error as Error;
  const tried = (read: () => unknown) => {
    try {
      return String(read());
    } catch {
      return '';
    }
  };
  return [
    () => e.message,
    () => JSON.stringify(e),
    () => (e.cause as Error).message,
    () => (e.cause as Error).name,
  ]
    .map(tried)
    .join(' ');
};

describe('user module: a hostile thrown value is read once, as an unknown failure when unreadable', () => {
  it('property: hostile values x the 20 rows, with and without a password: as its twin, typed', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom(...STEP_UP_ROW_NAMES),
        fc.boolean(),
        async (h, name, withCheck) => {
          const got = await callRow(name, withCheck, () => build(h));
          const want = await callRow(name, withCheck, twin(h));
          expect(got.seen.typed).toBe(true);
          expect(got.seen).toEqual(want.seen);
          expect(shown(got.error)).not.toContain(PASSWORD);
        },
      ),
      { numRuns: 1000, seed: 23 },
    );
  });

  // The named cases (the brief's and REVIEW-AH's): a password sent, an unknown failure: pending.
  const named: [string, Hostile, StepUpRowName][] = [
    ['a thrown string (REVIEW-AH)', { kind: 'primitive', value: 'step_up_required' }, 'checkPassword'],
    ['a thrown string (REVIEW-AH)', { kind: 'primitive', value: 'step_up_required' }, 'changePassword'],
    ['a `reason` getter on a required', { kind: 'getter', base: 'required', key: 'reason' }, 'checkPassword'],
    [
      'a `status` getter on a required',
      { kind: 'getter', base: 'required', key: 'status' },
      'changePassword',
    ],
    ['a `status` getter on an invalid', { kind: 'getter', base: 'invalid', key: 'status' }, 'updateEmail'],
    ['a `reason` getter on a required', { kind: 'getter', base: 'required', key: 'reason' }, 'getAddress'],
    ['a `retryAfter` trap on a 429', { kind: 'trapOn', base: 'tooMany', key: 'retryAfter' }, 'updateLimits'],
    ['a `fieldErrors` trap', { kind: 'trapOn', base: 'oldPassword', key: 'fieldErrors' }, 'changePassword'],
    ['a revoked Proxy', { kind: 'revoked', base: 'invalid' }, 'updateEmail'],
  ];
  for (const [what, h, name] of named) {
    it(`${what}, ${name}: UnexpectedError, the password pending (if one was sent)`, async () => {
      const { error, seen } = await callRow(name, true, () => build(h));
      expect(seen).toMatchObject({ typed: true, code: 'unexpected', sent: 1, asked: 0 });
      expect((error as Error).cause).toBeInstanceOf(Error);
      const sentPassword = name === 'checkPassword' || name === 'changePassword' || carriesCheck(name);
      expect(seen.record).toEqual(sentPassword ? { wrong: 0, locked: false, pending: 1 } : null);
      expect(shown(error)).not.toContain(PASSWORD);
    });
  }
});

describe('auth module: a hostile thrown value is an UnexpectedError', () => {
  const calls = {
    login: (a: ReturnType<typeof createAuthModule>) =>
      a.login({ login: 'ana@example.com', password: PASSWORD }),
    twoFactor: (a: ReturnType<typeof createAuthModule>) =>
      a.login({ login: 'ana@example.com', password: PASSWORD, two_factor_code: '123456' }),
    logout: (a: ReturnType<typeof createAuthModule>) => a.logout({ accessToken: 'tok-Very-Secret' }),
  } as const;
  it('property: hostile values x login, 2FA, logout: rejects typed, as its twin, nothing secret', async () => {
    const run = async (call: keyof typeof calls, next: () => unknown) => {
      const fail = async () => {
        throw next();
      };
      const auth = createAuthModule({ get: fail, post: fail });
      try {
        await calls[call](auth);
        return { error: undefined, code: 'resolved' };
      } catch (error) {
        return { error, code: isPamError(error) ? error.code : String(error) };
      }
    };
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom(...(Object.keys(calls) as (keyof typeof calls)[])),
        async (h, call) => {
          const got = await run(call, () => build(h));
          expect(isPamError(got.error)).toBe(true);
          expect(shown(got.error)).not.toContain(PASSWORD);
          expect(shown(got.error)).not.toContain('Very-Secret');
          // Nothing read but its brand and code (`asPamError`): a frozen PamError as it is, a
          // value that is none (or whose brand cannot be read) unexpected.
          const want = ['primitive', 'object', 'revoked'].includes(h.kind)
            ? 'unexpected'
            : h.kind === 'frozen'
              ? ((BASES[h.base]() as { code?: string }).code ?? 'unexpected')
              : got.code;
          expect(got.code).toBe(want);
        },
      ),
      { numRuns: 200, seed: 23 },
    );
  });
});

// The same class in what is read of an ANSWER beside a catch: the login's (and registration's)
// `granted` read the refused answer's `access_token` in its `catch` (to revoke it), outside the
// `try` that types what a call throws: an answer whose `access_token` getter throws made the login
// reject with that getter's error. checkPassword reads its answer's `success` to settle the
// attempt: one that cannot be read is no answer known (pending), as a thrown value is.
type HostileAnswer = 'tokenGetter' | 'successGetter' | 'proxy' | 'revoked' | 'ownKeys';
const answerOf = (kind: HostileAnswer): unknown => {
  switch (kind) {
    case 'tokenGetter':
      return Object.defineProperty({ type: 'session' }, 'access_token', { get: boom, enumerable: true });
    case 'successGetter':
      return Object.defineProperty({}, 'success', { get: boom, enumerable: true });
    case 'proxy':
      return new Proxy({}, { get: boom, has: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom });
    case 'ownKeys':
      return new Proxy({ access_token: 'tok-Very-Secret' }, { ownKeys: boom });
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
  }
};

describe('an answer whose reading throws: typed, nothing secret', () => {
  const kinds: HostileAnswer[] = ['tokenGetter', 'successGetter', 'proxy', 'ownKeys', 'revoked'];
  for (const kind of kinds) {
    // (An `ownKeys` trap that throws escapes the answer's reader in `send`, src/operation: not here.)
    if (kind !== 'ownKeys')
      it(`${kind}: login, 2FA and registration reject with a PamError`, async () => {
        const answer = async () => answerOf(kind) as never;
        const auth = createAuthModule({ get: answer, post: answer });
        // Each rejection caught at once (no unhandled rejection while an earlier one is awaited).
        const calls = [
          auth.login({ login: 'ana@example.com', password: PASSWORD }),
          auth.login({ login: 'ana@example.com', password: PASSWORD, two_factor_code: '123456' }),
          auth.registerSimplified({
            email: 'ana@example.com',
            password: PASSWORD,
            country: 'BR',
            nationalities: '["BR"]',
            optIn: true,
          } as never),
        ].map((call) =>
          call.then(
            () => undefined,
            (e: unknown) => e,
          ),
        );
        for (const error of await Promise.all(calls)) {
          expect(isPamError(error)).toBe(true);
          expect(shown(error)).not.toContain(PASSWORD);
          expect(shown(error)).not.toContain('Very-Secret');
        }
      });

    it(`${kind}: checkPassword rejects with a PamError; an unreadable answer leaves the attempt pending`, async () => {
      const answer = async () => answerOf(kind) as never;
      const storage = memoryStorage();
      const user = createUserModule(
        { get: answer, post: answer, patch: answer, delete: answer, put: answer } as never,
        { signedIn: () => ({ userId: 42 }), storage, serverNow: () => T },
      );
      const error = await user.checkPassword({ password: PASSWORD }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isPamError(error)).toBe(true);
      expect(shown(error)).not.toContain(PASSWORD);
      // `success` unreadable (a getter, a trap, a revoked Proxy): unknown, pending; readable (none:
      // a token's getter, the object behind an `ownKeys` trap): an answer, released (the reader
      // refuses it).
      expect(recordOf(storage)).toEqual(
        kind === 'ownKeys' || kind === 'tokenGetter' ? null : { wrong: 0, locked: false, pending: 1 },
      );
    });
  }
});
