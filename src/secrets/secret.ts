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
    if (typeof value !== 'string') throw new TypeError('A Secret holds a string');
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
 * Boxes a string as a `Secret` (a `Secret` is returned as it is).
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
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [BRAND]?: unknown })[BRAND] === true &&
    typeof (value as { reveal?: unknown }).reveal === 'function'
  );
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
