// REVIEW150 helpers: a live-subscription count on a real client (its `subscribe` wrapped in place)
// and a deep walk of every value reachable from an object (own keys, enumerable or not).
import type { PamClient } from 'pam-client/machines';

/** Wraps `client.subscribe` so the test can count the subscriptions still live. */
export function countSubscriptions(client: PamClient): { live(): number; made(): number } {
  const original = client.subscribe.bind(client);
  let live = 0;
  let made = 0;
  (client as { subscribe: PamClient['subscribe'] }).subscribe = (listener) => {
    made++;
    live++;
    const off = original(listener);
    let done = false;
    return () => {
      if (!done) {
        done = true;
        live--;
      }
      off();
    };
  };
  return { live: () => live, made: () => made };
}

/** Every string reachable from `root` through own properties (non-enumerable ones too), functions skipped. */
export function reachableStrings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string') {
      out.push(v);
      return;
    }
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 12) return;
    seen.add(v);
    for (const key of Reflect.ownKeys(v)) {
      if (typeof key === 'string') out.push(key);
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d && 'value' in d) walk(d.value, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}
