// review156 (not a test): an operator-preset client signed in on the reference server whose profile
// answers come over loopback with `extra` top-level fields added; the restrictions after the first
// read, as the view shows them. Shared by review 156's and 160's profile-envelope tests.
import { createPamClient, operatorPreset } from '../../machines/index';
import type { ReferenceServer } from '../../src/testing/index';
import { until } from '../support/event-loop';

export async function restrictionsWith(server: ReferenceServer, extra: Record<string, unknown>) {
  const c = createPamClient({
    baseURL: server.url,
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
    const { email, password } = server.seed.plain;
    c.login({ login: email, password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    await until(
      () => c.view.restrictions?.error != null || c.view.restrictions?.status === 'current',
      'read',
    );
    const r = c.view.restrictions;
    return { status: r?.status, canBet: r?.canBet, code: r?.error?.code ?? null };
  } finally {
    c.stop();
  }
}
