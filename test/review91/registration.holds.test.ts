// Review 91, holds: registration's input rules (CPF, 18+ on São Paulo's day), the POST sent once,
// the grant scrubbed from the rest of its answer. Docs: "CPF: 11 digits after stripping
// punctuation, not all equal, two mod-11 check digits"; "Under 18 (`birth_date`, in
// `America/Sao_Paulo`) is refused"; "retry: idempotent GETs only".
import { createOfetchAdapter, createRegistrationModule, isPamError, isValidCpf } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Reply, scriptedFetch } from './support';

const TOKEN = 'granted-token-ABCDEFGH12345';
const okAnswer = (extra: Record<string, unknown> = {}) => ({
  access_token: TOKEN,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 9, email: 'n@example.com', name: 'Nova', token: TOKEN, ...extra },
  userInfo: {
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
  },
});

function module(route: (method: string, url: string) => Reply | Error, retry = 3) {
  const { fetch, seen } = scriptedFetch(route, () => Date.now());
  const http = createOfetchAdapter({ baseURL: 'https://api.example.test', fetch, retry });
  return { reg: createRegistrationModule(http), seen };
}

const base = {
  email: 'n@example.com',
  password: 'Secret123!',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('CPF as typed', () => {
  for (const [typed, ok] of [
    ['529.982.247-25', true],
    ['52998224725', true],
    [' 529 982 247 25 ', true],
    ['５２９.９８２.２４７-２５', true],
    ['٥٢٩٩٨٢٢٤٧٢٥', true],
    ['111.111.111-11', false],
    ['000.000.000-00', false],
    ['529.982.247-26', false],
    ['529.982.247-15', false],
    ['5299822472', false],
    ['529982247250', false],
    ['529.982.247-2a', false],
    ['', false],
  ] as const) {
    it(`${JSON.stringify(typed)}: ${ok ? 'sent as digits' : 'refused, nothing sent'}`, async () => {
      expect(isValidCpf(typed)).toBe(ok);
      const { reg, seen } = module(() => ({ body: okAnswer() }));
      const result = await reg.registerSimplified({ ...base, number: typed }).then(
        () => 'sent',
        (e: { code?: string }) => e.code,
      );
      expect(result).toBe(ok ? 'sent' : 'invalid_request');
      expect(seen.map((r) => (r.body as { number?: string }).number)).toEqual(ok ? ['52998224725'] : []);
    });
  }
});

describe("under 18 on São Paulo's day", () => {
  // 2026-06-15T02:30Z is 2026-06-14 23:30 in São Paulo (UTC-3): the 18th birthday is tomorrow there.
  for (const [now, birth, ok] of [
    ['2026-06-15T02:30:00Z', '2008-06-15', false],
    ['2026-06-15T02:59:59Z', '2008-06-15', false],
    ['2026-06-15T03:00:00Z', '2008-06-15', true],
    ['2026-06-15T02:30:00Z', '2008-06-14', true],
    ['2026-02-28T12:00:00Z', '2008-02-29', false],
    ['2026-03-01T03:00:00Z', '2008-02-29', true],
    ['2026-06-15T12:00:00Z', '2030-01-01', false],
    ['2026-06-15T12:00:00Z', '1899-12-31', false],
    ['2026-06-15T12:00:00Z', '2000-02-30', false],
    ['2026-06-15T12:00:00Z', ' 2000-01-01', false],
  ] as const) {
    it(`at ${now}, born ${birth}: ${ok ? 'sent' : 'refused'}`, async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(now) });
      const { reg, seen } = module(() => ({ body: okAnswer() }));
      const result = await reg.registerSimplified({ ...base, birth_date: birth }).then(
        () => 'sent',
        (e: { code?: string }) => e.code,
      );
      expect(result).toBe(ok ? 'sent' : 'invalid_request');
      expect(seen).toHaveLength(ok ? 1 : 0);
    });
  }
});

describe('a registration is a POST: never sent twice', () => {
  for (const [what, reply] of [
    ['503', { status: 503, body: { message: 'down' } }],
    ['429 Retry-After 1', { status: 429, body: {}, headers: { 'retry-after': '1' } }],
    ['502 HTML', { status: 502, raw: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } }],
    ['a network error', new TypeError('fetch failed')],
  ] as const) {
    it(`${what}: one request, typed error`, async () => {
      const { reg, seen } = module(() => reply as Reply | Error, 5);
      const error = await reg.registerSimplified({ ...base }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isPamError(error)).toBe(true);
      expect((error as object).constructor.name).not.toBe('FetchError');
      expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    });
  }
});

describe("the grant's token is scrubbed from the rest of the answer", () => {
  it('a name and a nested field echoing the token', async () => {
    const { reg } = module(() => ({
      body: okAnswer({ name: `Nova ${TOKEN}`, document: { type: 'cpf', number: TOKEN } }),
    }));
    const answer = await reg.registerSimplified({ ...base });
    const { access_token: _, user, ...rest } = answer as unknown as Record<string, unknown>;
    const { token: __, ...others } = user as Record<string, unknown>;
    expect(JSON.stringify({ rest, others })).not.toContain(TOKEN);
  });
  it('the password is never in an error (422 echoing it)', async () => {
    const { reg } = module(() => ({
      status: 422,
      body: { message: 'bad Secret123!', errors: { password: ['Secret123! is weak'] } },
    }));
    const error = await reg.registerSimplified({ ...base }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(`${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`).not.toContain('Secret123!');
  });
});
