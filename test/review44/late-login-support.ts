// A browser profile whose login answers stop after their head (the cookie stored, as a browser stores
// it; the page's fetch resolved) and before their body, until the test lets them go: the gap where a
// page that gives up on a login has its cookie all the same. Every request's headers are kept.

import { type BrowserProfile, browserProfile } from '../server-session/support';

export interface GatedProfile extends BrowserProfile {
  /** The requests sent, in order: path and headers. */
  sent: { path: string; method: string; headers: Headers }[];
  /** Resolves when a login's head has arrived (its cookie stored, the fetch resolved) and its body waits. */
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
    const res = await base.fetch(input, init); // the head is in: the cookie is stored
    if (!url.pathname.endsWith('/auth/login')) return res;
    const text = await res.text();
    const signal = init?.signal;
    // The body, held until `release()` (an abort errors it, as a fetch's body errors). `held()`
    // resolves when the page reads it: its fetch has resolved, the head is in.
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          signal?.addEventListener(
            'abort',
            () => controller.error(signal.reason ?? new DOMException('aborted', 'AbortError')),
            { once: true },
          );
        },
        async pull(controller) {
          arrived();
          await gate;
          try {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          } catch {}
        },
      },
      { highWaterMark: 0 },
    ); // (pulled only when the page reads)
    return new Response(body, { status: res.status, headers: res.headers });
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
