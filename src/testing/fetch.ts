// The reference server as a `fetch` function: no socket, no node:* module, so component tests,
// Storybook and vitest browser mode use the same seeds, faults and request log as the server.

import { createReferenceCore, DROP_HEADER } from './app';
import type { ReferenceFetch, ReferenceFetchOptions } from './types';

/** Where the in-process server lives unless told otherwise (a reserved `.test` name). */
export const DEFAULT_REFERENCE_BASE_URL = 'http://pam.test';

/** The origin the h3 app sees; only the path and query of a request reach it. */
const INNER_ORIGIN = 'http://pam.test';

const pageURL = (): string | undefined => (globalThis as { location?: { href?: string } }).location?.href;

/** Rejects like a fetch to a host nobody listens on (a TypeError, as browsers and Node do). */
function unreachable(url: string, baseURL: string): TypeError {
  return new TypeError(`fetch failed: ${url} is not under the reference fetch's baseURL ${baseURL}`);
}

function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The reference server in-process, as a `fetch`: pass it to `createPamClient` (or
 * `createOfetchAdapter`) with its `baseURL`. It carries the same controls as the Node server
 * (`requests`, `faults`, `seed`, `reset()`, `expireTokens()`, `issueToken()`). Runs in Node and in
 * browsers; needs `h3` v2 (`npm i -D h3`; pam-client does not depend on it), loaded on the first
 * request.
 *
 * @example
 * import { createPamClient } from 'pam-client/machines';
 * import { createReferenceFetch } from 'pam-client/testing';
 * const kit = createReferenceFetch();
 * const client = createPamClient({ baseURL: kit.baseURL, fetch: kit });
 * client.login({ login: kit.seed.twoFactor.email, password: kit.seed.twoFactor.password });
 */
export function createReferenceFetch(options: ReferenceFetchOptions = {}): ReferenceFetch {
  const baseURL = (options.baseURL ?? DEFAULT_REFERENCE_BASE_URL).replace(/\/+$/, '');
  const core = createReferenceCore(options, baseURL);

  async function referenceFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const page = pageURL();
    const base = new URL(`${baseURL}/`, page ?? DEFAULT_REFERENCE_BASE_URL);
    const request =
      input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), base), init);
    const url = new URL(request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw unreachable(request.url, baseURL);
    }
    const path = url.pathname.slice(base.pathname.length - 1);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const inner = new Request(`${INNER_ORIGIN}${path}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
    });
    const app = await core.app();
    const answer = Promise.resolve(app.fetch(inner)).then((response) => {
      if (response.headers.has(DROP_HEADER)) throw new TypeError('fetch failed: the connection was dropped');
      return response;
    });
    return abortable(answer, request.signal);
  }

  return Object.assign(referenceFetch, { baseURL, ...core.controls });
}
