// Counting the regular expressions code builds, never timing it: the scrubber's cost grows with the
// expressions it builds (every echo form of every character of every secret).

import { vi } from 'vitest';

/**
 * Replaces the global `RegExp` (until `vi.unstubAllGlobals()`) with one that counts what is built
 * (`new RegExp(...)` or `RegExp(...)`) and the total length of their sources.
 *
 * @example
 * const seen = countRegExpBuilds();
 * scrubber.text(body);
 * expect(seen.count).toBe(0);
 */
export function countRegExpBuilds(): { count: number; source: number } {
  const seen = { count: 0, source: 0 };
  const Real = RegExp;
  const count = (args: unknown[]) => {
    seen.count++;
    seen.source += String(args[0] instanceof Real ? args[0].source : (args[0] ?? '')).length;
  };
  vi.stubGlobal(
    'RegExp',
    new Proxy(Real, {
      construct(target, args) {
        count(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        count(args);
        return Reflect.apply(target, self, args);
      },
    }),
  );
  return seen;
}
