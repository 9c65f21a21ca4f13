// What the page may show of a context or an event: redacted, services named `[service]`,
// environment internals left out, epoch times written as dates.

import { isSecret, redactSecrets } from '../src/secrets/index';

/**
 * Keys hidden on top of `redactSecrets`' list: the login answer's `user.token` carries the access
 * token (the reference server fills it), and `redactSecrets` does not know that key.
 */
const EXTRA_SECRET_KEYS = /^(token|refresh_?token|id_?token)$/i;

/** Plumbing a reviewer does not judge: timers, clocks, the page environment, the cross-tab channel. */
export const HIDDEN_KEYS: ReadonlySet<string> = new Set([
  'environment',
  'timers',
  'now',
  'random',
  'crossTab',
  'channel',
  'debug',
  'inspect',
]);

/** Epoch milliseconds between 2001 and 2100: shown as a date. */
const isEpochMs = (key: string, v: number) =>
  Number.isInteger(v) && v > 1e12 && v < 4.1e12 && !/id$/i.test(key);

const isPlainData = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A service, store or class instance (the `auth` module, a token store, a client): anything that
 * is not plain data, or plain data made of functions.
 */
const isService = (value: object): boolean => {
  if (!isPlainData(value)) return true;
  const values = Object.values(value);
  return values.length > 0 && values.some((v) => typeof v === 'function');
};

/**
 * A copy of `value` with every service replaced by `[service]` and every actor by `[actor id]`,
 * before `redactSecrets` runs: a service holding a `refreshToken` function would otherwise read
 * as `{ "refreshToken": "[redacted]" }`, which looks like a stored token.
 */
function markServices(value: unknown, seen: WeakMap<object, unknown>, depth = 0): unknown {
  if (
    !value ||
    typeof value !== 'object' ||
    isSecret(value) ||
    value instanceof Error ||
    value instanceof Date
  )
    return value;
  if (seen.has(value)) return seen.get(value);
  if ('sessionId' in value && 'send' in value) return `[actor ${(value as { id?: string }).id ?? ''}]`;
  if (depth > 0 && isService(value)) return '[service]';
  if (depth > 30) return '[deep]';
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  seen.set(value, copy);
  for (const [key, child] of Object.entries(value)) {
    (copy as Record<string, unknown>)[key] = markServices(child, seen, depth + 1);
  }
  return copy;
}

/**
 * `value` as indented JSON, after `redactSecrets` (passwords, codes, captcha and access tokens,
 * every `Secret`) and with any `token` field hidden too. Services (`auth`, `user`, a token store)
 * print as `[service]`, errors as their name, code and message, environment internals
 * (`environment`, `timers`, `now`, …) and functions are left out, and epoch milliseconds read
 * as ISO dates.
 *
 * @example
 * show({ login: 'ana', password: secret('x'), auth: { login() {} }, savedAt: 1763892000000 });
 * // { "login": "ana", "password": "[redacted]", "auth": "[service]", "savedAt": "2025-11-23T10:00:00.000Z" }
 */
export function show(value: unknown, indent = 2, maxLength = 4000): string {
  const seen = new WeakSet<object>();
  const text =
    JSON.stringify(
      redactSecrets(markServices(value, new WeakMap())),
      (key, v: unknown) => {
        if (typeof v === 'function') return undefined;
        if (HIDDEN_KEYS.has(key)) return undefined;
        if (EXTRA_SECRET_KEYS.test(key) && v !== null && v !== undefined && v !== '') return '[redacted]';
        if (typeof v === 'number' && isEpochMs(key, v)) return new Date(v).toISOString();
        if (v && typeof v === 'object') {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
          if (v instanceof Error) {
            const code = (v as { code?: unknown }).code;
            return { error: v.name, ...(typeof code === 'string' ? { code } : {}), message: v.message };
          }
          // Actor refs (a running child) carry their whole system: name them only.
          if ('sessionId' in v && 'send' in v) return `[actor ${(v as { id?: string }).id ?? ''}]`;
          if (v instanceof Date) return v;
          if (key !== '' && isService(v)) return '[service]';
        }
        return v;
      },
      indent,
    ) ?? 'undefined';
  return text.length > maxLength ? `${text.slice(0, maxLength)} …` : text;
}
