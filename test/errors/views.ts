import { inspect } from 'node:util';

/**
 * Every way an error can be looked at: message, stack, String(), JSON (and toJSON), util.inspect
 * with hidden properties, structuredClone, fieldErrors, the body (deep), issues, and the same
 * for every link of the cause chain.
 */
export function everyView(error: unknown): string {
  const parts: string[] = [];
  let link: unknown = error;
  for (let depth = 0; link !== undefined && link !== null && depth < 10; depth += 1) {
    parts.push(String(link), json(link), inspect(link, { depth: 20, showHidden: true }));
    if (link instanceof Error) {
      const e = link as Error & {
        toJSON?: () => unknown;
        body?: unknown;
        fieldErrors?: unknown;
        issues?: unknown;
      };
      parts.push(e.message, String(e.stack));
      if (typeof e.toJSON === 'function') parts.push(json(e.toJSON()));
      parts.push(json(e.body), inspect(e.body, { depth: 20 }), json(e.fieldErrors), json(e.issues));
      for (const key of Reflect.ownKeys(e))
        parts.push(String(key), inspect(Reflect.get(e, key), { depth: 20 }));
      try {
        const clone = structuredClone(e) as Error;
        parts.push(clone.message, String(clone.stack), inspect(clone, { depth: 20, showHidden: true }));
      } catch (cloneError) {
        parts.push(`structuredClone failed: ${String(cloneError)}`);
      }
    }
    link = link instanceof Error ? link.cause : undefined;
  }
  return parts.join('\n');
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    return `unserializable: ${String(error)}`;
  }
}

/** The forms a secret may take once echoed: literal, JSON-escaped, PHP-escaped, URI-encoded. */
export function formsOf(secret: string): string[] {
  const jsonEscaped = JSON.stringify(secret).slice(1, -1);
  const php = jsonEscaped
    .replace(/\//g, '\\/')
    .replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [...new Set([secret, jsonEscaped, php, encodeURIComponent(secret)])];
}

/** The first form of any of `secrets` that `text` contains, or undefined. */
export function leakIn(text: string, secrets: readonly string[]): string | undefined {
  for (const s of secrets) for (const form of formsOf(s)) if (text.includes(form)) return form;
  return undefined;
}
