// What is secret: the `Secret` box, the names of the secret fields, and the secret values a
// request carries (what the adapter scrubs from any error built from its answer).

import { RequestValidationError } from '../errors/validation';

/**
 * The text every redaction shows in place of a secret.
 *
 * @example
 * String(secret('hunter2')) === REDACTED; // true
 */
export const REDACTED = '[redacted]';

// Symbol.for, not Symbol(): a Secret made by another copy of pam-client (two bundles, ESM + CJS)
// must still be recognised, and `instanceof` cannot see across copies.
const BRAND: unique symbol = /* @__PURE__ */ Symbol.for('pam-client.secret');
const INSPECT = /* @__PURE__ */ Symbol.for('nodejs.util.inspect.custom');

/**
 * A string (password, two-factor code, token) that only `reveal()` gives back. Every other way
 * of turning it into text (`String()`, template literals, `JSON.stringify`, `console.log`,
 * Node's `util.inspect`) shows `'[redacted]'`. The value sits in a true private field, so
 * `Object.keys`, spreading and `structuredClone` do not see it either.
 *
 * @example
 * const password = new Secret('hunter2');
 * JSON.stringify({ password }); // '{"password":"[redacted]"}'
 * password.reveal(); // 'hunter2'
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    // A caller's bad input (an unbound form field: undefined; a number): typed, never quoted (Y-4).
    if (typeof value !== 'string')
      throw new RequestValidationError('secret', [
        { path: ['value'], code: 'invalid_type', message: 'expected string' },
      ]);
    this.#value = value;
    Object.freeze(this);
  }

  /** The brand `isSecret` checks; on the prototype, so the instance has no own keys. */
  get [BRAND](): true {
    return true;
  }

  /** The secret value. Call it only where the value leaves for the server. */
  reveal(): string {
    return this.#value;
  }

  /** `'[redacted]'`: string conversion never shows the value. */
  toString(): string {
    return REDACTED;
  }

  /** `'[redacted]'`: `JSON.stringify` never shows the value. */
  toJSON(): string {
    return REDACTED;
  }

  /** `'[redacted]'`: template literals and `+` never show the value. */
  [Symbol.toPrimitive](): string {
    return REDACTED;
  }

  /** `'[redacted]'`: Node's `util.inspect` and `console.log` never show the value. */
  [INSPECT](): string {
    return REDACTED;
  }
}

/**
 * Boxes a string as a `Secret` (a `Secret` is returned as it is). Anything else (an unbound form
 * field's `undefined`, a number) throws `RequestValidationError` (operation `secret`, issue on
 * `value`, the value never quoted), as `new Secret` does.
 *
 * @example
 * actor.send({ type: 'SUBMIT', login: 'ana@example.com', password: secret(form.password) });
 */
export function secret(value: string | Secret): Secret {
  return isSecret(value) ? value : new Secret(value);
}

/**
 * Whether `value` is a `Secret`, including one made by another copy of pam-client.
 *
 * @example
 * isSecret(secret('x')); // true
 * isSecret('x'); // false
 */
export function isSecret(value: unknown): value is Secret {
  // A value whose reading throws (a Proxy trap, a getter) is none (REVIEW-U U-3).
  try {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [BRAND]?: unknown })[BRAND] === true &&
      typeof (value as { reveal?: unknown }).reveal === 'function'
    );
  } catch {
    return false;
  }
}

/**
 * The plain value of a string or a `Secret`: for code that accepts either.
 *
 * @example
 * const body = { login, password: reveal(payload.password) };
 * @internal A test seam: only tests import it (CONTRIBUTING.md, Test seams).
 */
export function reveal(value: string | Secret): string {
  return isSecret(value) ? value.reveal() : value;
}

/**
 * Keys whose values `redactSecrets` and `redactInspection` always hide, at any depth.
 *
 * @example
 * SECRET_KEYS.includes('password'); // true
 */
export const SECRET_KEYS = /* @__PURE__ */ Object.freeze([
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
  // Beyond docs/contract.md's list: the login answer's AuthUser carries the access token as `user.token`
  // (spec 2.3), and a refresh token is as sensitive as an access token.
  'token',
  'refresh_token',
  'refreshToken',
] as const);

/** `SECRET_KEYS` as a set: the names of the secret fields. */
export const SECRET_KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(SECRET_KEYS);

/**
 * Every secret value in `value`: the strings (and numbers) under a `SECRET_KEYS` key at any
 * depth, and the value of every `Secret`. What the adapter scrubs from any error built from the
 * answer to a request that sent `value`.
 *
 * @example
 * secretValuesOf({ login: 'ana', password: 'hunter2', meta: { code: 123456 } }); // ['123456', 'hunter2'] (in no set order)
 */
export function secretValuesOf(value: unknown): string[] {
  const found: string[] = [];
  // What was walked, and whether under a secret key: walked again under one when first met under none
  // (an object both under `password` and under `meta`, in either order: review 45).
  const seen = new Map<object, boolean | undefined>();
  // On a stack of its own, not the call stack: a value nested deeper than that (a hostile body,
  // review 43) is walked, never a RangeError.
  const stack: [unknown, boolean?][] = [[value]];
  while (stack.length) {
    const [node, underSecretKey] = stack.pop()!;
    if (isSecret(node)) found.push(node.reveal());
    else if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
      if (underSecretKey) found.push(String(node));
    } else if (
      typeof node === 'object' &&
      node !== null &&
      !seen.get(node) &&
      (underSecretKey || !seen.has(node))
    ) {
      seen.set(node, underSecretKey);
      // (An array's keys are its indexes: no secret name.)
      for (const [key, child] of Array.isArray(node) ? node.entries() : Object.entries(node))
        stack.push([child, underSecretKey || SECRET_KEY_SET.has(key as string)]);
    }
  }
  return found;
}

/**
 * The values of `SECRET_KEYS` parameters in a path's query string (`?access_token=…`).
 *
 * @example
 * secretValuesOfQuery('/x?code=123&page=2'); // ['123']
 */
export function secretValuesOfQuery(path: string): string[] {
  // After the first `?` (none: nothing), up to a `#`.
  const query = path.slice(path.indexOf('?') + 1 || path.length).split('#')[0]!;
  const found: string[] = [];
  // Without a `%`, a key URLSearchParams reads equals a secret name only if the query holds that
  // name as written (`+` only turns into a space, which no name has): no need to parse it. Every
  // name holds `password`, `code` or `oken` (test/secrets/query-prefilter): one pattern, not 13
  // searches (0.5 -> 0.1 µs a call).
  if (/%|password|code|oken/.test(query))
    for (const [key, value] of new URLSearchParams(query))
      if (SECRET_KEY_SET.has(key) && value) found.push(value);
  return found;
}
