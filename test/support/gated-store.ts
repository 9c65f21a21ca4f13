import { createMemoryTokenStore, type StoredSession, type TokenStore } from 'pam-client';
import type { World } from './world';

// A store shared by the tabs of a run that records each token written (and when, on the world's
// clock), and a fetch whose refresh answers wait behind a gate once `hold()` is called, until
// `release()`: a tab's refresh the server has answered (and rotated) while its answer is late.

/** Whether `input` is the refresh call (`/users/refresh-token`). */
export const isRefreshCall = (input: RequestInfo | URL): boolean =>
  new URL(input instanceof Request ? input.url : String(input)).pathname === '/users/refresh-token';

/** A store in memory that records each token written and when (`writes`, on the world's clock). */
export function recordingStore(world: World) {
  const memory = createMemoryTokenStore();
  const writes: Array<{ token: string; at: number }> = [];
  const storage: TokenStore = {
    get: () => memory.get(),
    set: (s: StoredSession) => {
      writes.push({ token: s.accessToken, at: world.now() });
      return memory.set(s);
    },
    clear: () => memory.clear(),
  };
  return { storage, writes };
}

/**
 * `storage` (in memory) and its `writes`; `fetch` (over `send`) holds each refresh answer from
 * `hold()` on until `release()`.
 *
 * @example
 * const { storage, writes, fetch, hold, release } = gatedStore(world, grantsOf(world).fetch);
 */
export function gatedStore(world: World, send: typeof globalThis.fetch) {
  const { storage, writes } = recordingStore(world);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let gated = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await send(input, init);
    if (gated && isRefreshCall(input)) await gate;
    return response;
  };
  return {
    storage,
    writes,
    fetch,
    hold: () => {
      gated = true;
    },
    release: () => release(),
  };
}
