// REVIEW93 probes (hold): odd and hostile 2xx bodies to the contact/account reads, over a real
// socket (a raw node:http server): each gives a value read as the spec's types or a typed
// `invalid_response`, never a foreign throw; nothing from `__proto__` leaks; the session token in
// free text is scrubbed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, isPamError } from '../../src/index';
import { getAvailableYears, getIncomeReportStatus } from '../../src/user/income-report';
import { getAddress } from '../../src/user/profile';
import { checkPassword, getLoginHistory, getSocialAccounts } from '../../src/user/security';
import { type RawServer, startRawServer } from './raw-server';

let raw: RawServer;
beforeAll(async () => {
  raw = await startRawServer();
});
afterAll(() => raw.close());
const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const http = () => createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => TOKEN, retry: 0 });
const ROW = '{"id":1,"user_id":7,"ip":"1.2.3.4","user_agent":"x","created_at":"2026-11-30 10:00:00"}';

type Outcome = { ok: unknown } | { code: string };
async function outcome(call: () => Promise<unknown>, body: string, status = 200, contentType?: string) {
  raw.answer({ status, body, contentType });
  return call().then(
    (ok): Outcome => ({ ok }),
    (e: unknown): Outcome => {
      expect(isPamError(e)).toBe(true);
      return { code: (e as { code: string }).code };
    },
  );
}
const INVALID = { code: 'invalid_response' };

describe('getAddress', () => {
  const call = () => getAddress(http());
  it.each([
    ['empty 200', '', 200],
    ['204', '', 204],
    ['PHP empty array []', '[]', 200],
    ['null', 'null', 200],
    ['street 1e400 (Infinity)', '{"street":1e400}', 200],
    ['street an object', '{"street":{"a":1}}', 200],
    ['nested 70 deep', `{"x":${'['.repeat(70)}${']'.repeat(70)}}`, 200],
  ])('%s: invalid_response', async (_, body, status) => {
    expect(await outcome(call, body, status)).toEqual(INVALID);
  });
  it('HTML error page with 200: invalid_response', async () => {
    expect(await outcome(call, '<!doctype html><h1>502</h1>', 200, 'text/html')).toEqual(INVALID);
  });
  it('a BOM before the JSON is read', async () => {
    expect(await outcome(call, '\uFEFF{"street":"x"}')).toEqual({ ok: { street: 'x' } });
  });
  it('-0 and 1e21 read as text, PHP nulls as absent', async () => {
    expect(await outcome(call, '{"street":-0,"zipcode":1e21,"city":null}')).toEqual({
      ok: { street: '0', zipcode: '1e+21' },
    });
  });
  it('__proto__ is dropped, the prototype untouched', async () => {
    const got = (await outcome(call, '{"__proto__":{"polluted":1},"street":"x"}')) as { ok: object };
    expect(Object.getPrototypeOf(got.ok)).toBe(Object.prototype);
    expect(Object.keys(got.ok)).toEqual(['street']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
  it('duplicate keys: the last one, as JSON.parse', async () => {
    expect(await outcome(call, '{"street":"a","street":"b"}')).toEqual({ ok: { street: 'b' } });
  });
  it('the session token in free text is scrubbed', async () => {
    expect(await outcome(call, `{"street":"Bearer ${TOKEN}"}`)).toEqual({
      ok: { street: 'Bearer [redacted]' },
    });
  });
});

describe('getLoginHistory', () => {
  const call = () => getLoginHistory(http(), 2);
  it.each([
    ['data null (PHP)', '{"data":null,"current_page":2}'],
    ['data a PHP keyed object', `{"data":{"1":${ROW}},"current_page":2}`],
    ['another page (a cursor going back)', `{"data":[${ROW}],"current_page":1}`],
    ['duplicate current_page, the last another page', '{"data":[],"current_page":2,"current_page":1}'],
    ['last_page -0', '{"data":[],"current_page":2,"last_page":-0}'],
    ['current_page 1e400', '{"data":[],"current_page":1e400}'],
    [
      'a row id "abc"',
      '{"data":[{"id":"abc","user_id":7,"ip":"","user_agent":"","created_at":""}],"current_page":2}',
    ],
    [
      '100 000 rows on a page of 10',
      `{"data":[${Array(100_000).fill(ROW).join(',')}],"current_page":2,"per_page":10}`,
    ],
    ['a total below the rows', `{"data":[${ROW}],"current_page":2,"last_page":2,"per_page":10,"total":0}`],
    ['empty 200', ''],
  ])('%s: invalid_response', async (_, body) => {
    expect(await outcome(call, body)).toEqual(INVALID);
  });
  it('PHP strings for numbers, zero dates kept as text', async () => {
    const body = `{"data":[{"id":"0","user_id":"7","ip":"","user_agent":"","created_at":"0000-00-00 00:00:00"}],"current_page":"2","last_page":"2","per_page":"10","total":"11"}`;
    expect(await outcome(call, body)).toEqual({
      ok: {
        data: [{ id: 0, user_id: 7, ip: '', user_agent: '', created_at: '0000-00-00 00:00:00' }],
        current_page: 2,
        last_page: 2,
        per_page: 10,
        total: 11,
      },
    });
  });
  it('a page beyond the end is empty', async () => {
    expect(
      await outcome(call, '{"data":[],"current_page":2,"last_page":1,"per_page":10,"total":3}'),
    ).toMatchObject({
      ok: { data: [] },
    });
  });
  it("a row's extra keys (a token) are dropped, the token in its text scrubbed", async () => {
    const body = `{"data":[{"id":1,"user_id":7,"ip":"1","user_agent":"Bearer ${TOKEN}","created_at":"x","token":"${TOKEN}"}],"current_page":2}`;
    const got = await outcome(call, body);
    expect(JSON.stringify(got)).not.toContain(TOKEN);
  });
});

describe('getSocialAccounts, checkPassword, income report reads', () => {
  it.each([
    ['social: a PHP keyed object', () => getSocialAccounts(http()), '{"0":{"provider":"google"}}'],
    ['social: id "abc"', () => getSocialAccounts(http()), '[{"id":"abc"}]'],
    ['check: success ""', () => checkPassword(http(), { password: 'x' }), '{"success":""}'],
    ['check: success null', () => checkPassword(http(), { password: 'x' }), '{"success":null}'],
    ['check: empty 200', () => checkPassword(http(), { password: 'x' }), ''],
    ['years: a PHP keyed object', () => getAvailableYears(http()), '{"years":{"0":2024}}'],
    ['status 0', () => getIncomeReportStatus(http(), 1), '{"id":1,"status":0,"requested_at":"x"}'],
  ])('%s: invalid_response', async (_, call, body) => {
    expect(await outcome(call, body)).toEqual(INVALID);
  });
  it.each([
    ['"0"', false],
    ['"false"', false],
    ['0', false],
    ['"1.00"', true],
  ])('checkPassword success %s reads as %s', async (value, success) => {
    expect(await outcome(() => checkPassword(http(), { password: 'x' }), `{"success":${value}}`)).toEqual({
      ok: { success },
    });
  });
});
