/**
 * Every string reachable from `root` through properties (own, enumerable or not, symbols too),
 * array items and Map / Set entries. Functions are opaque (a closure is not reachable), and so are
 * Node's timer handles (their linked list leads into the HTTP client's internals, not ours).
 */
export function reachableStrings(root: unknown, limit = 400_000): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0 && seen.size < limit) {
    const value = stack.pop();
    if (typeof value === 'string') {
      out.push(value);
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const name = (value as object).constructor?.name;
    if (name === 'Timeout' || name === 'Immediate' || ArrayBuffer.isView(value)) continue;
    if (value instanceof Map) for (const [k, v] of value) stack.push(k, v);
    if (value instanceof Set) for (const v of value) stack.push(v);
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d && 'value' in d) stack.push(d.value);
    }
  }
  return out;
}
