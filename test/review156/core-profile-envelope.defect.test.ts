// Review 156, its class in the core client (found by me while mending the server-session one): the
// operator preset's profile read answered 200 with the profile AND an envelope saying it failed
// (`{"success":false,…}`, `{"status":"error",…}`, `{"error":"…",…}`) was taken as this login's
// current restrictions: `canBet` true from an answer that says it is not one. Fail closed: the read
// fails (`invalid_response`), the restrictions are not current and the player is not free to bet.
import { describe, expect, it } from 'vitest';
import { createPamClient, operatorPreset } from '../../machines/index';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

const ENVELOPES: [string, Record<string, unknown>][] = [
  ['success false', { success: false }],
  ['status error', { status: 'error' }],
  ['an error text', { error: 'profile unavailable' }],
];

describe('review 156 (core): a profile read whose envelope says it failed', () => {
  it.each(ENVELOPES)(
    '%s: the restrictions are not current, the player not free to bet',
    async (_n, extra) => {
      // (The server's own answer over loopback, the envelope's fields added to it.)
      const c = createPamClient({
        baseURL: ctx.server.url,
        flows: operatorPreset(),
        environment: { channel: null },
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          if (!String(input).includes('/auth/user-profile') || !answer.ok) return answer;
          const body = { ...(await answer.json()), ...extra };
          return new Response(JSON.stringify(body), { status: 200, headers: answer.headers });
        },
      });
      try {
        const { email, password } = ctx.server.seed.plain;
        c.login({ login: email, password });
        await until(() => c.view.status === 'signedIn', 'signed in');
        await until(
          () => c.view.restrictions?.error != null || c.view.restrictions?.status === 'current',
          'read',
        );
        expect(c.view.restrictions?.status).not.toBe('current');
        expect(c.view.restrictions?.canBet).not.toBe(true);
        expect(c.view.restrictions?.error?.code).toBe('invalid_response');
      } finally {
        c.stop();
      }
    },
  );
});
