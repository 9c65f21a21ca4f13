// Review 138 (held): the consent writes (LGPD contract, marketing opt-in/out) against hostile 2xx
// answers from a node:http server on 127.0.0.1: an HTML page, a key said twice, `success` false in
// its PHP spellings, a huge body: a typed error, sent once; an empty 204 resolves (the spec shows
// no answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { outcome, type Raw, startRaw } from './raw';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.review138-access-token.sig';
let raw: Raw;
beforeAll(async () => {
  raw = await startRaw();
});
afterAll(() => raw.close());
const user = () =>
  createUserModule(createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => TOKEN, retry: 0 }));

describe('review 138: consent writes, hostile answers (held)', () => {
  it.each([
    [
      '200 HTML',
      { body: '<html><body>Consent saved!</body></html>', contentType: 'text/html' },
      'invalid_response',
    ],
    ['200 {success:"0"}', { body: '{"success":"0"}' }, 'invalid_response'],
    ['200 {success:"false"}', { body: '{"success":"false"}' }, 'invalid_response'],
    ['200 {success:[]}', { body: '{"success":[]}' }, 'invalid_response'],
    [
      '200 a 2 MB body',
      { body: JSON.stringify({ success: true, pad: 'x'.repeat(2_000_000) }) },
      'invalid_response',
    ],
    ['204 empty', { status: 204, body: '' }, 'resolved'],
    ['200 {success:true}', { body: '{"success":true,"message":"ok"}' }, 'resolved'],
  ])('%s -> %s, sent once', async (_, answer, want) => {
    raw.answer(answer);
    for (const write of [
      () => user().updateContracts('lgpd'),
      () => user().updateMarketing({ mkt_accepted: false }),
    ]) {
      const before = raw.hits.length;
      expect(await outcome(write())).toBe(want);
      expect(raw.hits.length - before).toBe(1);
    }
  });

  it('a 422 refusing the contract is an HttpError with its field errors, nothing resent', async () => {
    raw.answer({
      status: 422,
      body: JSON.stringify({ message: 'Not offered.', errors: { type: ['not offered'] } }),
    });
    const before = raw.hits.length;
    const e = await user()
      .updateContracts('migrate')
      .catch((x: unknown) => x);
    expect(isPamError(e) && e.code).toBe('http');
    expect((e as { fieldErrors?: unknown }).fieldErrors).toEqual({ type: ['not offered'] });
    expect(raw.hits.length - before).toBe(1);
    expect(JSON.parse(raw.hits.at(-1)!.body)).toEqual({ type: 'migrate' });
  });
});
