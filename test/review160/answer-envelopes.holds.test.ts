// Review 160 (1): legitimate 2xx answers the widened envelope rule must still take.
import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

async function outcome(call: Promise<unknown>): Promise<string> {
  return call.then(
    (v) => `resolved ${JSON.stringify(v)}`,
    (e: unknown) => (isPamError(e) ? e.code : `foreign: ${String(e)}`),
  );
}
const answer = (method: string, path: string | RegExp, body: unknown) =>
  ctx.server.faults.add({ method, path, status: 200, body: body as never, times: 1 });

describe('checkPassword: a wrong password is a verdict, never invalid_response', () => {
  it('the reference server: a wrong one resolves { success: false }, a right one true', async () => {
    const { user } = signedIn(ctx.server);
    expect(await outcome(user.checkPassword({ password: 'Wrong-Pass-123' }))).toBe(
      'resolved {"success":false}',
    );
    expect(await outcome(user.checkPassword({ password: ctx.server.seed.plain.password }))).toBe(
      'resolved {"success":true}',
    );
  });

  it('`{ success: false, errors: { password: [...] }, status: "invalid" }`: resolves false', async () => {
    const { user } = signedIn(ctx.server);
    answer('POST', '/bff/users/check-password', {
      success: false,
      status: 'invalid',
      errors: { password: ['A senha está incorreta'] },
    });
    expect(await outcome(user.checkPassword({ password: 'x-Wrong-123' }))).toBe('resolved {"success":false}');
  });

  it('`{ success: true, errors: [], error: null, status: "ok" }`: resolves true', async () => {
    const { user } = signedIn(ctx.server);
    answer('POST', '/bff/users/check-password', { success: true, errors: [], error: null, status: 'ok' });
    expect(await outcome(user.checkPassword({ password: 'x' }))).toBe('resolved {"success":true}');
  });
});

describe('writes answered with benign envelopes resolve', () => {
  const bodies: unknown[] = [
    { success: true, errors: [], error: null },
    { status: 'success', data: { mkt_accepted: false } },
    { status: 200, message: 'ok' },
    { status: 'active' },
    [],
    [{ id: 1, type: 'lgpd', accepted_at: '2026-01-01' }],
  ];
  for (const body of bodies)
    it(`updateMarketing opt-out answered ${JSON.stringify(body)}`, async () => {
      const { user } = signedIn(ctx.server);
      answer('PATCH', '/bff/users/self-mkt', body);
      expect(await outcome(user.updateMarketing({ mkt_accepted: false }))).toMatch(/^resolved/);
    });

  it('a failed income report (status 4) is read as failed, not invalid_response', async () => {
    const { user } = signedIn(ctx.server);
    const r = await user.generateIncomeReport({ reference_year: 2024, type: 'download' });
    answer('GET', `/income-report/${r.id}`, { ...r, status: 4 });
    expect(await outcome(user.getIncomeReportStatus(r.id))).toMatch(/"status":4/);
  });

  it('the reference server flow: two-factor on, off, marketing, contracts all resolve', async () => {
    const { user } = signedIn(ctx.server);
    await expect(user.toggleTwoFactor({ type: 'sms', enabled: true })).resolves.toBeDefined();
    await expect(user.toggleTwoFactor({ type: 'email', enabled: false })).resolves.toBeDefined();
    await expect(user.toggleTwoFactor({ type: 'sms', enabled: false })).resolves.toBeDefined();
    await expect(user.updateMarketing({ mkt_accepted: false })).resolves.toBeDefined();
    await expect(user.updateContracts('lgpd')).resolves.toBeDefined();
    await expect(user.getLoginHistory()).resolves.toBeDefined();
  });
});
