// A server with a DOM shim registered globally (jsdom's or happy-dom's global registration sets
// `location.href` to `about:blank` unless given a URL): `about:blank` is no page a relative
// `baseURL` resolves against, so the browser-only clients stay inert there (review 2026-11-29:
// with the shim they went live, the server-session client free to bet at the server's clock and
// three timers armed per render). A page's `http(s)` URL is a page, as before.

import fc from 'fast-check';
import { createPamClient, createServerSessionClient } from 'pam-client/machines';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isInertOnServer } from '../../machines/client/server-render';

const shim = (href: string) => {
  vi.stubGlobal('location', { href });
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
};

describe('a server with a DOM shim (location.href not an http(s) page)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('about:blank: both browser-only clients are inert (no timer, no request)', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    shim('about:blank');
    const client = createPamClient({ baseURL: '/api' });
    const server = createServerSessionClient({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.view.status).toBe('signedOut');
    expect(server.view.status).toBe('signedOut');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    client.stop();
    server.stop();
  });

  it('the rule over generated locations: inert exactly when the href is no http(s) URL', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            'about:blank',
            'about:srcdoc',
            'data:text/html,x',
            'file:///index.html',
            '',
            'blank',
          ),
          fc.webUrl(),
          fc.string(),
        ),
        (href) => {
          vi.stubGlobal('location', { href });
          const page = /^https?:\/\//i.test(href);
          expect(isInertOnServer({ baseURL: '/api' })).toBe(!page);
          expect(isInertOnServer({ baseURL: 'https://api.example.com' })).toBe(false);
          expect(isInertOnServer({ baseURL: '/api', fetch: globalThis.fetch })).toBe(false);
        },
      ),
    );
  });
});
