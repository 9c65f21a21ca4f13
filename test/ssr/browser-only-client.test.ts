// The README's browser-only set-up (one client in a module, `baseURL: '/api'`) imported by a server
// render: no page, so no `/api` to resolve. The client is inert there (signed out, sends nothing,
// starts no timer) and says so once in `debug`, instead of throwing at import (issue 29.2).

import { createCustomPamClient, createPamClient, userModule } from 'pam-client/machines';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SessionPanel } from '../browser/components/react-session';
import { useFakeTimersEach } from '../support/fake-timers';

describe('a browser-only client on the server (relative baseURL, no page)', () => {
  useFakeTimersEach();

  it('is created, signed out, and sends nothing and starts no timer, even when told to sign in', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const lines: string[] = [];
      const client = createPamClient({ baseURL: '/api', debug: (line) => lines.push(line) });
      expect(client.view.status).toBe('signedOut');
      expect(vi.getTimerCount()).toBe(0);
      client.login({ login: 'player@example.com', password: 'correct horse' });
      client.submitCode('123456');
      client.logout();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(client.view.status).toBe('signedOut');
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
      const said = lines.filter((line) => /server/i.test(line) && line.includes('/api'));
      expect(said).toHaveLength(1);
      expect(lines.join('\n')).not.toContain('correct horse');
      client.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses the user module without a request', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const client = createCustomPamClient({ baseURL: '/api', flows: [userModule()] });
      const outcome = client.user.getAddress().then(
        () => 'answered',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await outcome).toBeInstanceOf(Error);
      expect(fetchSpy).not.toHaveBeenCalled();
      client.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders signed out in a server render (React)', () => {
    const client = createPamClient({ baseURL: '/api' });
    const html = renderToString(h(SessionPanel, { client }));
    expect(html).toContain('signedOut');
    client.stop();
  });

  it("is a live client with the app's own fetch (a relative baseURL is passed to it as is)", async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('unused')));
    const client = createPamClient({ baseURL: '/api', fetch: fetchSpy as unknown as typeof fetch });
    expect(client.view.status).toBe('restoring');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.view.status).toBe('signedOut');
    client.stop();
  });
});
