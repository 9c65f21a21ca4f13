// Everything an observer can reach from what it was given, without calling a secret's `reveal`:
// plain data, class instances' own fields, actor refs' snapshots and persisted snapshots (the
// refs nested in a snapshot's `children` too), errors' message and cause. Each string found.
import { isSecret } from '../../src/secrets';

export interface Reached {
  strings: string[];
  /** Where a live `Secret` object was found (a path), revealable by whoever holds it. */
  secrets: string[];
}

export function reach(root: unknown, limit = 200_000): Reached {
  const out: Reached = { strings: [], secrets: [] };
  const seen = new Set<unknown>();
  const stack: [unknown, string, number][] = [[root, '$', 0]];
  let budget = limit;
  while (stack.length && budget-- > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      out.strings.push(v);
      continue;
    }
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) continue;
    seen.add(v);
    if (typeof v === 'function' || depth > 40) continue;
    if (isSecret(v)) {
      out.secrets.push(path);
      continue;
    }
    const o = v as Record<string, unknown>;
    // An actor: its snapshots as an observer reads them (no system, no machine definitions).
    if (typeof o.getSnapshot === 'function' && typeof o.send === 'function') {
      for (const m of ['getSnapshot', 'getPersistedSnapshot'] as const) {
        try {
          stack.push([(o[m] as () => unknown)(), `${path}.${m}()`, depth + 1]);
        } catch {}
      }
      continue;
    }
    if (v instanceof Error) {
      out.strings.push(v.message, String(v.stack ?? ''));
      stack.push([(v as { cause?: unknown }).cause, `${path}.cause`, depth + 1]);
    }
    if (v instanceof Map || v instanceof Set) {
      for (const e of v instanceof Map ? [...v.entries()].flat() : [...v])
        stack.push([e, `${path}[*]`, depth + 1]);
      continue;
    }
    let keys: string[] = [];
    try {
      keys = Object.getOwnPropertyNames(v);
    } catch {}
    for (const k of keys) {
      if (k === 'machine' || k === 'system' || k === '_parent' || k === 'logic') continue;
      let child: unknown;
      try {
        child = o[k];
      } catch {
        continue;
      }
      stack.push([child, `${path}.${k}`, depth + 1]);
    }
  }
  return out;
}

/** The secret in the forms an echo or a copy may take. */
export function formsOf(secret: string): string[] {
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  return [
    secret,
    encodeURIComponent(secret),
    b64,
    b64.replace(/=+$/, ''),
    Buffer.from(secret, 'utf8').toString('hex'),
  ].filter((f, i, all) => f.length >= 6 && all.indexOf(f) === i);
}

/** The strings among `strings` holding a form of one of `secrets` (case-insensitive). */
export function leaks(strings: readonly string[], secrets: readonly string[]): string[] {
  const forms = secrets.flatMap(formsOf).map((f) => f.toLowerCase());
  return strings.filter((s) => {
    const low = s.toLowerCase();
    return forms.some((f) => low.includes(f));
  });
}
