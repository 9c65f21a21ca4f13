// Data handed out frozen: the session view, and the restrictions and profile the session takes
// (handed to `client.on` listeners and inspectors as they are: review 139, a listener's write to
// `restrictionsChanged`'s restrictions freed a paused player).

/**
 * Freezes `value` and everything it holds, in place: the view's objects are the session's own
 * (shared, not copied, so an unchanged part keeps its identity), so a write through the view would
 * change what the session and every later view show. Each object is walked once, without recursion:
 * a free-form record of a hostile answer nested 100,000 levels deep is frozen too (S-1).
 */
export function deepFreeze<T>(value: T): T {
  for (const stack: unknown[] = [value]; stack.length > 0; ) {
    const v = stack.pop();
    if (typeof v === 'object' && v !== null && !frozen.has(v)) {
      frozen.add(Object.freeze(v));
      for (const key of Reflect.ownKeys(v)) {
        const d = Object.getOwnPropertyDescriptor(v, key);
        if (d && 'value' in d) stack.push(d.value);
      }
    }
  }
  return value;
}
const frozen = new WeakSet<object>();
