import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

// Review 157 (A): a 2xx answer to a consent, marketing or two-factor write that says, in a form
// the write-envelope rule (src/operation/operation.ts: unconfirmed) does not read, that the change
// was NOT made. Each resolves as saved today: the app tells the player their LGPD opt-out / 2FA
// was recorded when the server said otherwise. Each must be a typed `invalid_response`.

const ctx = useReferenceServer();

/** What the call ended with: 'resolved', or the PamError's code. */
async function outcome(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? e.code : `foreign: ${String(e)}`),
  );
}

function answer(method: string, path: string, body: unknown) {
  ctx.server.faults.add({ method, path, status: 200, body: body as never, times: 1 });
}

describe('a 200 whose body contradicts the write (the answer is about another state)', () => {
  it('marketing opt-out answered `mkt_accepted: true`: never resolved as opted out', async () => {
    const { user } = signedIn(ctx.server);
    answer('PATCH', '/bff/users/self-mkt', { success: true, data: { mkt_accepted: true } });
    expect(await outcome(user.updateMarketing({ mkt_accepted: false }))).toBe('invalid_response');
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('marketing opt-out answered at the top level `{ mkt_accepted: true }`', async () => {
    const { user } = signedIn(ctx.server);
    answer('PATCH', '/bff/users/self-mkt', { mkt_accepted: true });
    expect(await outcome(user.updateMarketing({ mkt_accepted: false }))).toBe('invalid_response');
  });

  it('two-factor turned on, answered `two_factor_enabled: false`: never resolved as enabled', async () => {
    const { user } = signedIn(ctx.server);
    answer('PATCH', '/bff/users/self-two-factor', { two_factor_enabled: false, two_factor_type: null });
    expect(await outcome(user.toggleTwoFactor({ type: 'sms', enabled: true }))).toBe('invalid_response');
  });

  it('two-factor turned on, answered `{ data: { enabled: false } }`', async () => {
    const { user } = signedIn(ctx.server);
    answer('PATCH', '/bff/users/self-two-factor', { data: { type: 'sms', enabled: false } });
    expect(await outcome(user.toggleTwoFactor({ type: 'sms', enabled: true }))).toBe('invalid_response');
  });
});

describe('a 200 failure envelope in a form other than success/error/errors/JSend status string', () => {
  const envelopes: [string, unknown][] = [
    ['`status: false`', { status: false, message: 'Não foi possível aceitar o contrato' }],
    ['`status: 422` (an HTTP status inside a 200)', { status: 422, message: 'The type is invalid.' }],
    ['`status: 500`', { status: 500, message: 'Server Error' }],
    ['`status: "rejected"`', { status: 'rejected' }],
    ['a top-level array `[{ success: false }]`', [{ success: false }]],
  ];
  for (const [name, body] of envelopes) {
    it(`updateContracts('lgpd') answered ${name}: invalid_response, never accepted`, async () => {
      const { user } = signedIn(ctx.server);
      answer('PATCH', '/bff/users/self-contracts', body);
      expect(await outcome(user.updateContracts('lgpd'))).toBe('invalid_response');
    });
  }
});
