// Review 160 (1): a profile read whose top level carries benign envelope fields stays current.
import { describe, expect, it } from 'vitest';
import { createPamClient, operatorPreset } from '../../machines/index';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('a profile with benign top-level fields', () => {
  it.each([
    ['status active', { status: 'active' }],
    ['status 200', { status: 200 }],
    ['success true, errors []', { success: true, errors: [], error: null }],
    ['JSend success', { status: 'success', message: 'ok' }],
  ])('%s: restrictions current', async (_n, extra) => {
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
      expect(c.view.restrictions?.status).toBe('current');
      expect(c.view.restrictions?.error ?? null).toBeNull();
    } finally {
      c.stop();
    }
  });
});
