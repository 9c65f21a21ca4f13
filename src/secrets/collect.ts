import { SECRET_KEYS } from './redact';
import { isSecret } from './secret';

/** `SECRET_KEYS` as a set: the names of the secret fields. */
export const SECRET_KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(SECRET_KEYS);

/**
 * Every secret value in `value`: the strings (and numbers) under a `SECRET_KEYS` key at any
 * depth, and the value of every `Secret`. What the adapter scrubs from any error built from the
 * answer to a request that sent `value`.
 *
 * @example
 * secretValuesOf({ login: 'ana', password: 'hunter2', meta: { code: 123456 } }); // ['hunter2', '123456']
 */
export function secretValuesOf(value: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, underSecretKey: boolean): void => {
    if (isSecret(node)) {
      found.push(node.reveal());
      return;
    }
    if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
      if (underSecretKey) found.push(String(node));
      return;
    }
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) for (const item of node) walk(item, underSecretKey);
    else
      for (const [key, child] of Object.entries(node)) walk(child, underSecretKey || SECRET_KEY_SET.has(key));
  };
  walk(value, false);
  return found;
}

/**
 * The values of `SECRET_KEYS` parameters in a path's query string (`?access_token=…`).
 *
 * @example
 * secretValuesOfQuery('/x?code=123&page=2'); // ['123']
 */
export function secretValuesOfQuery(path: string): string[] {
  const start = path.indexOf('?');
  if (start === -1) return [];
  const found: string[] = [];
  const query = path.slice(start + 1).split('#')[0] ?? '';
  for (const [key, value] of new URLSearchParams(query))
    if (SECRET_KEY_SET.has(key) && value) found.push(value);
  return found;
}
