// The server-session client's parts over real sockets: the reference server, `pam-client/server`
// in front of it, and a `fetch` that acts as one browser profile (it keeps the cookie, resolves the
// client's relative prefix against the app's origin, and remembers every answer it received).

import type { ReferenceServer } from '../../src/testing/index';
import { runningClock, type TestClock, usePam } from '../server/harness';

export { runningClock, type TestClock, usePam };

/** One answer as the page received it. */
export interface Seen {
  url: string;
  method: string;
  status: number;
  headers: string;
  text: string;
}

/** A browser profile: one cookie jar (the HttpOnly cookie lives here, never in the client). */
export interface BrowserProfile {
  fetch: typeof fetch;
  cookies: Map<string, string>;
  seen: Seen[];
}

export function browserProfile(origin: string): BrowserProfile {
  const cookies = new Map<string, string>();
  const seen: Seen[] = [];
  const call = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin);
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0(;|$)/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.clone().text();
    seen.push({
      url: url.pathname + url.search,
      method: init?.method ?? 'GET',
      status: res.status,
      headers: [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n'),
      text,
    });
    return res;
  }) as typeof fetch;
  return { fetch: call, cookies, seen };
}

/** The reference server's requests to one path (what reached the API). */
export const requestsTo = (server: ReferenceServer, path: string) =>
  server.requests.filter((r) => r.path === path);
