// Review 146 (holds): a write answered 2xx with a top-level `success` spelled as a string false
// (`{"success":"false"}`, `"0"`, `" FALSE "`) is `invalid_response`, sent once (review 124's rule).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { type Hostile, hostile, json, outcome, TOKEN } from './hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());
const user = (): UserModule =>
  createUserModule(createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }));

const WRITES: [string, (u: UserModule) => Promise<unknown>][] = [
  ['updateMarketing', (u) => u.updateMarketing({ mkt_accepted: false })],
  ['updateContracts', (u) => u.updateContracts('lgpd')],
  ['toggleTwoFactor', (u) => u.toggleTwoFactor({ type: 'sms', enabled: false })],
  ['updateLimits', (u) => u.updateLimits({ user_limit_loss: 100, user_limit_loss_period: 'monthly' })],
  ['setTimeoutLimits', (u) => u.setTimeoutLimits({ user_pause: 7, reason: 1 })],
];

describe('review 146 (holds): success written as a string false', () => {
  for (const body of ['{"success":"false"}', '{"success":"0"}', '{"success":" FALSE "}']) {
    it.each(WRITES)(`%s answered 200 ${body}: invalid_response, sent once`, async (_n, write) => {
      srv.on((_q, res) => json(res, 200, body));
      const before = srv.seen.length;
      expect(await outcome(write(user()))).toBe('invalid_response');
      expect(srv.seen.length - before).toBe(1);
    });
  }
  it('the reference shape {"success":true,"message":"ok"} resolves', async () => {
    srv.on((_q, res) => json(res, 200, { success: true, message: 'ok' }));
    expect(await outcome(user().updateMarketing({ mkt_accepted: false }))).toBe('resolved');
  });
});
