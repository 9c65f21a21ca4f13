// Review 138: an LGPD contract acceptance or a marketing opt-out answered 2xx with a bare JSON
// `false` (or `0`: PHP's `return false;`, Laravel's `response()->json(false)`) resolves as if the
// change was saved. Review 124 made a 2xx `{ success: false }` (or any `success` not true) an
// `invalid_response`, but `unconfirmed` (src/operation/operation.ts) reads `success` only from an
// object: an answer that is nothing but "false" is the same refusal with no wrapper, and the player
// is told the opt-out was saved while the server kept the consent. Fail closed: a 2xx body that
// reads as false (`readBoolean`: false, 0, 'false', '0') must not resolve a write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { hostileProxy } from '../review124/hostile-proxy';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { outcome, type Raw, startRaw } from './raw';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.review138-access-token.sig';
let raw: Raw;
beforeAll(async () => {
  raw = await startRaw();
});
afterAll(() => raw.close());
const user = (): UserModule =>
  createUserModule(createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => TOKEN, retry: 0 }));

const WRITES: [string, (u: UserModule) => Promise<unknown>][] = [
  ['updateMarketing opt-out', (u) => u.updateMarketing({ mkt_accepted: false })],
  ['updateContracts lgpd', (u) => u.updateContracts('lgpd')],
  ['toggleTwoFactor on', (u) => u.toggleTwoFactor({ type: 'sms', enabled: true })],
];

describe('review 138: a write answered 2xx with a bare false resolves as saved', () => {
  for (const body of ['false', '0', '"false"']) {
    it.each(WRITES)(`%s answered 200 ${body}: not resolved, sent once`, async (_, write) => {
      raw.answer({ body });
      const before = raw.hits.length;
      expect(await outcome(write(user()))).not.toBe('resolved');
      expect(raw.hits.length - before).toBe(1);
    });
  }
});

// The same through createPamClient (the reference server behind a node:http proxy that answers the
// marketing write `false`): the opt-out resolves, no `mutationOutcomeUnknown`, no re-read.

const ctx = useReferenceServer();

describe('review 138: client.user, a marketing opt-out answered 200 false', () => {
  it('rejects (an unknown outcome) instead of resolving as saved', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) => (m === 'PATCH' && p === '/bff/users/self-mkt' ? { status: 200, body: 'false' } : undefined),
    );
    const c = createPamClient({ baseURL: proxy.url, environment: { channel: null } });
    try {
      const { email, password } = ctx.server.seed.plain;
      c.login({ login: email, password });
      await until(() => c.view.status === 'signedIn', 'signed in');
      const unknown: string[] = [];
      c.on('mutationOutcomeUnknown', (e) => unknown.push(e.operation));
      expect(await outcome(c.user.updateMarketing({ mkt_accepted: false }))).toBe('invalid_response');
      // (Told once the account is read again: in the background, after the caller heard the error.)
      await until(() => unknown.length > 0, 'the outcome told unknown');
      expect(unknown).toEqual(['updateMarketing']);
    } finally {
      c.stop();
      await proxy.close();
    }
  });
});
