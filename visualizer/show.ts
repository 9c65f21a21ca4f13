// What the page may show of a context or an event: redacted, and without services or functions.

import { redactSecrets } from 'pam-client';

/**
 * Keys hidden on top of `redactSecrets`' list: the login answer's `user.token` carries the access
 * token (the reference server fills it), and `redactSecrets` does not know that key.
 */
const EXTRA_SECRET_KEYS = /^(token|refresh_?token|id_?token)$/i;

const isService = (value: object): boolean => {
  const values = Object.values(value);
  return values.length > 0 && values.every((v) => typeof v === 'function');
};

/**
 * `value` as indented JSON, after `redactSecrets` (passwords, codes, captcha and access tokens,
 * every `Secret`) and with any `token` field hidden too; modules like `auth` or `user` print as `[service]`, functions are left out.
 *
 * @example
 * show({ login: 'ana', password: secret('x'), auth: { login() {} } });
 * // { "login": "ana", "password": "[redacted]", "auth": "[service]" }
 */
export function show(value: unknown, indent = 2, maxLength = 4000): string {
  const seen = new WeakSet<object>();
  const text =
    JSON.stringify(
      redactSecrets(value),
      (key, v: unknown) => {
        if (typeof v === 'function') return undefined;
        if (EXTRA_SECRET_KEYS.test(key) && v !== null && v !== undefined && v !== '') return '[redacted]';
        if (v && typeof v === 'object') {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
          if (!Array.isArray(v) && isService(v)) return '[service]';
          // Actor refs (a running child) carry their whole system: name them only.
          if ('sessionId' in v && 'send' in v) return `[actor ${(v as { id?: string }).id ?? ''}]`;
        }
        return v;
      },
      indent,
    ) ?? 'undefined';
  return text.length > maxLength ? `${text.slice(0, maxLength)} …` : text;
}
