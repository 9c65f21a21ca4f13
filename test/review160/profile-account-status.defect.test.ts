// Review 160 (1): the profile read now goes through the write-envelope rule (`envelope: true` on
// GET_USER_PROFILE, src/operation/unconfirmed.ts). A profile that names the ACCOUNT's status at its
// top level (a KYC state such as `invalid_document`, `rejected_documents`, `denied_kyc`: words the
// widened `status` regex reads as "the call failed") is refused: restrictions never current, the
// player locked out of betting for as long as that account status lasts. Benign tops are guards.
import { describe, expect, it } from 'vitest';
import { createPamClient, operatorPreset } from '../../machines/index';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

async function restrictionsWith(extra: Record<string, unknown>) {
  const c = createPamClient({
    baseURL: ctx.server.url,
    flows: operatorPreset(),
    environment: { channel: null },
    // (The reference server's own profile answer over loopback, the top-level fields added.)
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
    return { status: c.view.restrictions?.status, code: c.view.restrictions?.error?.code ?? null };
  } finally {
    c.stop();
  }
}

describe('a profile whose top level names the account status', () => {
  it.each([['invalid_document'], ['rejected_documents'], ['denied_kyc']])(
    "status '%s' (a KYC state, the read succeeded): the restrictions are current",
    async (status) => {
      expect(await restrictionsWith({ status })).toEqual({ status: 'current', code: null });
    },
  );
});
