// A browser profile whose login answers stop between their headers (the cookie stored, as a browser
// stores it) and the fetch settling, until the test lets them go: the gap where a page that gives
// up on a login has its cookie all the same. Every request's headers are kept.

import { type BrowserProfile, browserProfile } from '../server-session/support';

export interface GatedProfile extends BrowserProfile {
  /** The requests sent, in order: path and headers. */
  sent: { path: string; method: string; headers: Headers }[];
  /** Resolves when a login's headers have arrived (its cookie stored) and it waits. */
  held(): Promise<void>;
  /** Lets the held login answers settle. */
  release(): void;
}

export function gatedProfile(origin: string): GatedProfile {
  const base = browserProfile(origin);
  const sent: GatedProfile['sent'] = [];
  let release = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  let arrived = () => {};
  const heldOnce = new Promise<void>((r) => {
    arrived = r;
  });
  const gatedFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin);
    sent.push({ path: url.pathname, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    const res = await base.fetch(input, init); // the headers are in: the cookie is stored
    if (url.pathname.endsWith('/auth/login')) {
      arrived();
      const signal = init?.signal;
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) return abort();
        signal?.addEventListener('abort', abort, { once: true });
        void gate.then(resolve);
      });
    }
    return res;
  }) as typeof fetch;
  return {
    ...base,
    fetch: gatedFetch,
    sent,
    held: () => heldOnce,
    release: () => {
      release();
      gate = Promise.resolve();
    },
  };
}
