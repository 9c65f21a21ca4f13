// Review 118: every promise-actor rejection that is no PamError travels as `asPamError`'s
// (machines/actor-logic.ts). An app's auth wrapper or adapter that throws an AbortError, a
// TypeError('fetch failed'), an error with `status` / `statusCode` / `code: 'ECONNRESET'`: the
// refresh cycle never signs the player out on it, keeps no message of it, and tries again after
// its backoff (simulated time).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { tokenRefreshMachine } from '../../machines/index';
import { describeError, isPamError } from '../../src/index';
import { isTransientError } from '../../src/internal';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) }));
afterEach(() => vi.useRealTimers());

const SECRET = 'eyJsecret-token-abcdefghijklmnop';
const foreign: Record<string, () => unknown> = {
  'DOMException AbortError': () => new DOMException(`aborted ${SECRET}`, 'AbortError'),
  "Error named 'AbortError'": () => Object.assign(new Error(`aborted ${SECRET}`), { name: 'AbortError' }),
  "TypeError('fetch failed')": () => new TypeError(`fetch failed ${SECRET}`),
  'status: 401': () => Object.assign(new Error(`401 ${SECRET}`), { status: 401 }),
  'statusCode: 503': () => Object.assign(new Error(`503 ${SECRET}`), { statusCode: 503 }),
  "code: 'ECONNRESET'": () => Object.assign(new Error(`reset ${SECRET}`), { code: 'ECONNRESET' }),
  'a plain object { status: 401 }': () => ({ status: 401, message: SECRET }),
};

describe('review 118 (probes): foreign rejections in the refresh cycle', () => {
  for (const [name, make] of Object.entries(foreign))
    it(`${name}: refreshFailed (never sessionExpired), typed, no message kept, tried again`, async () => {
      let calls = 0;
      const actor = createActor(tokenRefreshMachine, {
        input: {
          auth: {
            refreshToken: () => {
              calls++;
              return Promise.reject(make());
            },
          },
          now: () => Date.now(),
        },
      });
      const events: { type: string; error?: unknown }[] = [];
      actor.on('*', (e) => events.push(e as never));
      actor.start();
      actor.send({ type: 'TOKEN_SAVED', accessToken: SECRET });
      actor.send({ type: 'REFRESH' });
      await vi.advanceTimersByTimeAsync(0);
      expect(events.map((e) => e.type)).toEqual(['refreshFailed']);
      const error = actor.getSnapshot().context.error;
      expect(isPamError(error) && error.code).toBe('unexpected');
      expect(JSON.stringify(actor.getSnapshot())).not.toContain(SECRET);
      expect(String(error?.message)).not.toContain(SECRET);
      // The backoff (30 s) passes: tried again, still signed in.
      await vi.advanceTimersByTimeAsync(61_000);
      expect(calls).toBe(2);
      expect(actor.getSnapshot().matches('active')).toBe(true);
      expect(events.map((e) => e.type)).not.toContain('sessionExpired');
      actor.stop();
    });

  it('raw foreign errors: no helper calls them transient nor reads them as an answer', () => {
    for (const make of Object.values(foreign)) {
      const e = make();
      expect(isTransientError(e)).toBe(false);
      const d = describeError(e);
      expect(d).toMatchObject({ code: 'unknown', retryable: false });
      expect(d.title).not.toContain(SECRET);
    }
  });
});
