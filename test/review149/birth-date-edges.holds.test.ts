// Review 149, holds: registration's 18+ rule at the edges, on São Paulo's calendar (UTC-3): the
// 18th birthday starts at São Paulo midnight, not UTC's nor the device's; a 29 February birthday
// comes of age on 1 March of a common year. Only `Date` is faked (the rule reads the device's Date:
// review 100's known LOW), no timers.
import { createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const REG = '/auth/register-simplified';

afterEach(() => {
  vi.useRealTimers();
});

const outcome = async (birth_date: string, at: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(at) });
  const module = createRegistrationModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }));
  const error = await module
    .registerSimplified({
      email: `bd${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: 'Str0ng!Passw0rd',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      birth_date,
    })
    .then(
      () => null,
      (e: unknown) => e as { code?: string; issues?: { path: unknown[] }[] },
    );
  vi.useRealTimers();
  const sent = ref.server.requests.filter((r) => r.path === REG).length;
  return { sent, code: error?.code ?? null, field: error?.issues?.[0]?.path[0] ?? null };
};

const REFUSED = { sent: 0, code: 'invalid_request', field: 'birth_date' };

describe('18+ at São Paulo midnight', () => {
  it('the eve of the 18th birthday in São Paulo (already the birthday in UTC): refused', async () => {
    expect(await outcome('2008-05-01', '2026-05-01T02:59:59Z')).toEqual(REFUSED);
  });
  it('São Paulo midnight of the 18th birthday: sent', async () => {
    expect((await outcome('2008-05-01', '2026-05-01T03:00:00Z')).sent).toBe(1);
  });
  it('born 29 Feb 2008, on 28 Feb 2026 (São Paulo): refused', async () => {
    expect(await outcome('2008-02-29', '2026-03-01T02:59:59Z')).toEqual(REFUSED);
  });
  it('born 29 Feb 2008, on 1 Mar 2026 (São Paulo): sent', async () => {
    expect((await outcome('2008-02-29', '2026-03-01T03:00:00Z')).sent).toBe(1);
  });
  it('born 29 Feb 2008, on 29 Feb 2028 (a leap year, 20): sent', async () => {
    expect((await outcome('2008-02-29', '2028-02-29T12:00:00Z')).sent).toBe(1);
  });
  it('born tomorrow: refused', async () => {
    expect(await outcome('2026-05-02', '2026-05-01T12:00:00Z')).toEqual(REFUSED);
  });
});
