// Review 146: a write (consent, marketing, 2FA, limits, pause, self-exclusion) answered 2xx with a
// body that says it failed, but not in a top-level `success`: `{"data":{"success":false}}` (a
// Laravel resource envelope), `{"data":false}`, `{"error":"..."}`. `unconfirmed`
// (src/operation/operation.ts) reads only a top-level `success` (or a bare false), so these resolve
// as saved: the player is told a limit, an opt-out or an LGPD acceptance was saved when the server
// said it was not. Fail closed (API.md errors; review 124/138's rule): `invalid_response`
// (`not_confirmed`), an unknown outcome, nothing sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { hostileProxy } from '../review124/hostile-proxy';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { type Hostile, hostile, json, outcome, TOKEN } from './hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());

const user = (): UserModule =>
  createUserModule(createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }));

const WRITES: [string, (u: UserModule) => Promise<unknown>][] = [
  ['updateMarketing opt-out', (u) => u.updateMarketing({ mkt_accepted: false })],
  ['updateContracts lgpd', (u) => u.updateContracts('lgpd')],
  ['toggleTwoFactor off', (u) => u.toggleTwoFactor({ type: 'sms', enabled: false })],
  ['updateLimits loss', (u) => u.updateLimits({ user_limit_loss: 100, user_limit_loss_period: 'monthly' })],
  ['setTimeoutLimits pause', (u) => u.setTimeoutLimits({ user_pause: 7, reason: 1 })],
  ['setSelfExclusion', (u) => u.setSelfExclusion({ user_exclusion: 12, reason: 1 })],
];

const BODIES = [
  '{"data":{"success":false}}',
  '{"data":{"success":"false"}}',
  '{"data":false}',
  '{"error":"Limite não atualizado"}',
  '{"error":{"message":"consent not stored"}}',
];

describe('review 146: a write whose 2xx envelope says it failed resolves as saved', () => {
  for (const body of BODIES) {
    it.each(WRITES)(`%s answered 200 ${body}: not resolved, sent once`, async (_n, write) => {
      srv.on((_q, res) => json(res, 200, body));
      const before = srv.seen.length;
      expect(await outcome(write(user()))).toBe('invalid_response');
      expect(srv.seen.length - before).toBe(1);
    });
  }
});

// Through createPamClient: a loss limit answered `{"data":{"success":false}}` resolves, with no
// `mutationOutcomeUnknown` and no re-read: the player is shown the limit as set.
const ctx = useReferenceServer();

describe('review 146: client.user, a loss limit answered 200 {"data":{"success":false}}', () => {
  it('rejects as an unknown outcome (told) instead of resolving as saved', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) =>
        m === 'PATCH' && p === '/bff/users/update-limits'
          ? { status: 200, body: '{"data":{"success":false}}' }
          : undefined,
    );
    const c = createPamClient({ baseURL: proxy.url, environment: { channel: null } });
    try {
      const { email, password } = ctx.server.seed.plain;
      c.login({ login: email, password });
      await until(() => c.view.status === 'signedIn', 'signed in');
      const unknown: string[] = [];
      c.on('mutationOutcomeUnknown', (e) => unknown.push(e.operation));
      expect(
        await outcome(c.user.updateLimits({ user_limit_loss: 100, user_limit_loss_period: 'monthly' })),
      ).toBe('invalid_response');
      await until(() => unknown.length > 0, 'the outcome told unknown');
      expect(unknown).toEqual(['updateLimits']);
    } finally {
      c.stop();
      await proxy.close();
    }
  });
});
