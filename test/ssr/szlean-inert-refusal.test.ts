// SZLEAN (issue 33): the inert server-render client's fetch refuses with a short message (the
// server-session client's) instead of the debug line said again: the app never sees that message,
// only the adapter's `NetworkError` naming the refusal by its code. What a call of an inert client
// ends with, field by field, is the same as before the cut (b85d90a).
import { isPamError } from 'pam-client';
import { createCustomPamClient } from 'pam-client/machines';
import { describe, expect, it, vi } from 'vitest';

describe('an inert client (relative baseURL, no page): what a refused call shows', () => {
  it('a NetworkError whose cause is the code `configuration`, nothing of the refusal text', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const client = createCustomPamClient({ baseURL: '/api', flows: [] });
      const seen = [];
      for (const call of [
        () => client.http.get('/auth/user-profile'),
        () => client.auth.forgotPassword({ login: 'ana@example.com' }),
      ]) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(isPamError(error)).toBe(true);
        const e = error as Error & { code: string; cause?: Error & { code?: string } };
        seen.push({ json: JSON.parse(JSON.stringify(e)), cause: [e.cause?.message, e.cause?.code] });
      }
      expect(seen).toEqual([
        // A call that needs a token, made at once (the session still restoring), waits for the
        // restore and is refused when it lands signed out, nothing sent (FIXTOK29).
        {
          json: {
            name: 'UnauthorizedError',
            code: 'unauthorized',
            message: 'call (signed out: not sent) failed with 401',
            method: 'call',
            path: '(signed out: not sent)',
            status: 401,
          },
          cause: [undefined, undefined],
        },
        {
          json: {
            name: 'NetworkError',
            code: 'network',
            message: 'POST /auth/forgot-password got no response',
          },
          cause: ['configuration', 'configuration'],
        },
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/server render|relative|inert/);
      expect(fetchSpy).not.toHaveBeenCalled();
      client.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
