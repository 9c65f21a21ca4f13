import { createPamClient, type PamClient } from 'pam-client/machines';
import { createReferenceFetch, type ReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';

// REVIEW-AA AA-8: a player registered without a CPF was never SPA-checked (the register is by
// CPF, IN SPA 31/2025) yet read `spa_exclusion: 0`, so the client showed them free to bet. Fail
// closed: until a CPF is on file the profile leaves the SPA flag out (absent: not known), which
// the client reads as unknown (`canBet` false).

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const PASSWORD = 'Str0ng-pass!';

async function register(kit: ReferenceFetch, email: string, number?: string): Promise<string> {
  const res = await kit(`${kit.baseURL}/auth/register-simplified`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      birth_date: '1990-01-01',
      ...(number === undefined ? {} : { number }),
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  expect(res.status).toBe(200);
  return body.access_token as string;
}

async function userInfo(kit: ReferenceFetch, token: string): Promise<Record<string, unknown>> {
  const res = await kit(`${kit.baseURL}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { userInfo: Record<string, unknown> }).userInfo;
}

describe('reference server: no CPF on file, no SPA answer (AA-8)', () => {
  it('leaves spa_exclusion out of the profile of a player without a CPF; one with a CPF reads 0', async () => {
    const kit = createReferenceFetch();
    const without = await userInfo(kit, await register(kit, 'nocpf@example.com'));
    expect(without).not.toHaveProperty('spa_exclusion');
    expect(without).toMatchObject({ operator_exclusion: 0, user_exclusion: 0 }); // the rest as always
    const withCpf = await userInfo(kit, await register(kit, 'cpf@example.com', '123.456.789-09'));
    expect(withCpf).toMatchObject({ spa_exclusion: 0 });
  });

  it.each([
    ['without a CPF: canBet false', undefined, false],
    ['with a CPF (control): canBet true', '123.456.789-09', true],
  ] as const)('createPamClient shows a player registered %s', async (_, cpf, canBet) => {
    const kit = createReferenceFetch();
    const email = 'fresh.player@example.com';
    await register(kit, email, cpf);
    const client = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null } });
    clients.push(client);
    client.login({ login: email, password: PASSWORD });
    // Settled: the profile read is in (current), or it is read and only the SPA flag is unknown.
    const read = () => client.view.restrictions;
    await until(
      () => read()?.status === 'current' || read()?.unreadable.join() === 'spa_exclusion',
      () => `restrictions ${JSON.stringify(read())}`,
    );
    expect(read()).toMatchObject({
      canBet,
      status: canBet ? 'current' : 'unknown',
      unreadable: canBet ? [] : ['spa_exclusion'],
    });
    expect(kit.requests.some((r) => r.url === '/auth/user-profile?check_spa_again=1')).toBe(true);
  });
});
