// Issue 33 (sza): the vault's eviction written smaller (one oldest handle out when a put goes past
// the limit, instead of a loop). The vault as it is runs against the vault as it was (inlined here
// as the oracle) over generated sequences of puts, takes and checks, old and new handles alike.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVault } from '../../machines/session/store';

/** `createVault` as it was (machines/session/store.ts before this pass), without its `toJSON`. */
function vaultBefore(random: () => number) {
  const entries = new Map<string, string>();
  let n = 0;
  return {
    put(token: string) {
      const handle = `vault:${++n}:${Math.floor(random() * 2 ** 32).toString(36)}`;
      entries.set(handle, token);
      for (const key of entries.keys()) {
        if (entries.size <= 16) break;
        entries.delete(key);
      }
      return handle;
    },
    has: (handle: string) => entries.has(handle),
    take(handle: string) {
      const token = entries.get(handle) ?? null;
      entries.delete(handle);
      return token;
    },
  };
}

// Mostly puts, so that runs go past the limit (16 held) and stay there.
const command = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('put' as const), token: fc.string({ maxLength: 3 }) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ op: fc.constantFrom('take' as const, 'has' as const), pick: fc.nat() }),
    weight: 1,
  },
);

describe('the vault (sza: eviction without a loop)', () => {
  it('answers every put, take and check as it did, past the limit too', () => {
    fc.assert(
      fc.property(
        fc.array(command, { minLength: 20, maxLength: 120 }),
        fc.double({ min: 0, max: 0.999 }),
        (commands, r) => {
          const before = vaultBefore(() => r);
          const now = createVault(() => r);
          const handles: string[] = [];
          for (const c of commands) {
            if (c.op === 'put') {
              const h = now.put(c.token);
              expect(h).toBe(before.put(c.token));
              handles.push(h);
            } else {
              // An old handle (perhaps evicted), or one never handed out.
              const h = handles[c.pick % (handles.length + 1)] ?? 'vault:0:x';
              expect(now[c.op](h)).toEqual(before[c.op](h));
            }
          }
          // Every handle handed out is held or not exactly as before (at most the last 16).
          expect(handles.map((h) => now.has(h))).toEqual(handles.map((h) => before.has(h)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
