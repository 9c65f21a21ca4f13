import { inspect } from 'node:util';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnexpectedError } from '../../src/errors/unexpected';
import { isSecret, redactSecrets, secret } from '../../src/secrets';
import { REDACTED, SECRET_KEYS } from '../../src/secrets/secret';

const CANARY = 'canary-5ecr3t-Pa55';

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
    Object.freeze(value);
  }
  return value;
}

/** True when a Secret object survives anywhere in plain data (its own text is already redacted). */
function holdsSecret(value: unknown, seen = new Set<unknown>()): boolean {
  if (isSecret(value)) return true;
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((v) => holdsSecret(v, seen));
}

const leaks = (value: unknown) =>
  holdsSecret(value) ||
  JSON.stringify(value).includes(CANARY) ||
  inspect(value, { depth: Number.POSITIVE_INFINITY }).includes(CANARY);

describe('SECRET_KEYS', () => {
  it('lists the contract keys, plus the token fields, and is frozen', () => {
    expect([...SECRET_KEYS].sort()).toEqual(
      [
        'password',
        'old_password',
        'password_confirmation',
        'password_check',
        'two_factor_code',
        'code',
        'captcha_token',
        'captchaToken',
        'access_token',
        'accessToken',
        'token',
        'refresh_token',
        'refreshToken',
      ].sort(),
    );
    expect(Object.isFrozen(SECRET_KEYS)).toBe(true);
  });
});

describe('redactSecrets', () => {
  it('hides every secret key at any depth, including inside arrays', () => {
    const input = deepFreeze({
      login: 'ana',
      password: CANARY,
      list: [{ code: CANARY }, { captchaToken: CANARY, keep: 1 }],
      deep: { a: { b: { c: { access_token: CANARY, token_type: 'Bearer' } } } },
    });
    const out = redactSecrets(input);
    expect(out).toEqual({
      login: 'ana',
      password: REDACTED,
      list: [{ code: REDACTED }, { captchaToken: REDACTED, keep: 1 }],
      deep: { a: { b: { c: { access_token: REDACTED, token_type: 'Bearer' } } } },
    });
    expect(leaks(out)).toBe(false);
  });

  it.each(SECRET_KEYS.map((k) => [k]))('hides %s whatever its value type', (key) => {
    for (const value of [CANARY, 123456, { nested: CANARY }, [CANARY], true]) {
      expect(redactSecrets({ [key]: value })).toEqual({ [key]: REDACTED });
    }
  });

  it('leaves null and undefined under secret keys (nothing to hide)', () => {
    const input = { password: null, code: undefined };
    expect(redactSecrets(input)).toBe(input);
  });

  it('hides Secrets under innocent keys, in arrays and at the top', () => {
    const s = secret(CANARY);
    expect(redactSecrets({ note: s, items: [1, s] })).toEqual({ note: REDACTED, items: [1, REDACTED] });
    expect(redactSecrets(s)).toBe(REDACTED);
    expect(redactSecrets([s])).toEqual([REDACTED]);
  });

  it('walks null-prototype objects and keeps their prototype', () => {
    const inner = Object.assign(Object.create(null) as Record<string, unknown>, { password: CANARY, x: 1 });
    const out = redactSecrets({ inner });
    expect(Object.getPrototypeOf(out.inner)).toBeNull();
    expect({ ...out.inner }).toEqual({ password: REDACTED, x: 1 });
  });

  it('returns the very same reference when nothing needs hiding', () => {
    const input = deepFreeze({ a: [1, { b: 'x' }], c: { d: null }, e: new Date(0) });
    expect(redactSecrets(input)).toBe(input);
    expect(redactSecrets('text')).toBe('text');
    expect(redactSecrets(null)).toBe(null);
    const already = { password: REDACTED };
    expect(redactSecrets(already)).toBe(already);
  });

  it('copies only the path to a secret and shares untouched branches', () => {
    const clean = { big: [1, 2, 3] };
    const input = deepFreeze({ clean, dirty: { password: CANARY } });
    const out = redactSecrets(input);
    expect(out).not.toBe(input);
    expect(out.clean).toBe(clean);
    expect(out.dirty).not.toBe(input.dirty);
    expect(input.dirty.password).toBe(CANARY);
  });

  it('passes class instances by identity without walking into them', () => {
    class ActorRefLike {
      id = 'x';
      password = CANARY; // inside a class instance: deliberately not walked
    }
    const ref = new ActorRefLike();
    // A PamError passes as it is; any other error is hidden whole (review 115: its message is its
    // thrower's, a captcha provider's `token <t> expired`).
    const error = new UnexpectedError('boom');
    const foreign = new Error(`token ${CANARY} expired`);
    const date = new Date(0);
    const map = new Map([['password', CANARY]]);
    const out = redactSecrets(deepFreeze({ ref, error, foreign, date, map, password: CANARY }));
    expect(out.ref).toBe(ref);
    expect(out.error).toBe(error);
    expect(out.foreign).toBe(REDACTED);
    expect(redactSecrets(foreign)).toBe(REDACTED);
    expect(out.date).toBe(date);
    expect(out.map).toBe(map);
    expect(out.password).toBe(REDACTED);
  });

  it('handles cycles, pointing the copies at copies', () => {
    type Node = { name: string; password?: string; self?: Node; peer?: Node; list?: Node[] };
    const a: Node = { name: 'a', password: CANARY };
    const b: Node = { name: 'b', peer: a };
    a.self = a;
    a.peer = b;
    a.list = [a, b];
    const out = redactSecrets(a);
    expect(out).not.toBe(a);
    expect(out.self).toBe(out);
    expect(out.peer?.peer).toBe(out);
    expect(out.list?.[0]).toBe(out);
    expect(out.list?.[1]).toBe(out.peer);
    expect(inspect(out, { depth: 10 })).not.toContain(CANARY);
    expect(a.password).toBe(CANARY);
    const clean: Node = { name: 'c' };
    clean.self = clean;
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('copes with very deep data without overflowing the stack', () => {
    let deep: Record<string, unknown> = { password: CANARY };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    let out = redactSecrets(deep) as Record<string, unknown>;
    for (let i = 0; i < 20_000; i++) out = out.next as Record<string, unknown>;
    expect(out.password).toBe(REDACTED);
  });

  it('keeps a JSON-parsed __proto__ key as a plain key', () => {
    const input = JSON.parse(`{"__proto__": {"polluted": true}, "password": "${CANARY}"}`);
    const out = redactSecrets(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never leaks a canary placed under a secret key in arbitrary JSON (property)', () => {
    const withSecrets = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        fc.constant(secret(CANARY)),
        fc.array(tie('node')),
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...SECRET_KEYS)), tie('node')),
        fc.constantFrom(...SECRET_KEYS).map((k) => ({ [k]: CANARY })),
      ),
    })).node;
    fc.assert(
      fc.property(withSecrets, (value) => {
        const before = JSON.stringify(value);
        const out = redactSecrets(value);
        expect(leaks(out)).toBe(false);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
