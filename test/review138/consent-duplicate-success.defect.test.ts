// Review 138: a consent write answered `{"success":false,"success":true}` resolves as saved.
// `JSON.parse` keeps the last key; RFC 8259 (4) calls a duplicate's meaning unpredictable, and a
// gateway or log reading the first sees the refusal. Review 108 refuses such an answer where it
// decides a verdict (restrictions, a token: src/http/json-ambiguity.ts `ambiguityOf`), but only
// for answers with `userInfo` or `access_token`: the verdict `unconfirmed` reads from a write's
// `success` (review 124) is not covered, so an LGPD acceptance or a marketing opt-out the server
// may have refused is shown as saved. Fail closed: `invalid_response` (an unknown outcome).
// Root cause: src/http/json-ambiguity.ts ambiguityOf (the early return) / src/operation/operation.ts
// unconfirmed. Fix: also check an answer that has its own `success` key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { outcome, type Raw, startRaw } from './raw';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.review138-access-token.sig';
let raw: Raw;
beforeAll(async () => {
  raw = await startRaw();
});
afterAll(() => raw.close());
const user = () =>
  createUserModule(createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => TOKEN, retry: 0 }));

describe('review 138: a write whose success is said twice, false then true', () => {
  it.each([
    ['updateContracts lgpd', () => user().updateContracts('lgpd')],
    ['updateMarketing opt-out', () => user().updateMarketing({ mkt_accepted: false })],
  ])('%s: invalid_response, sent once', async (_, write) => {
    raw.answer({ body: '{"success":false,"message":"refused","success":true}' });
    const before = raw.hits.length;
    expect(await outcome(write())).toBe('invalid_response');
    expect(raw.hits.length - before).toBe(1);
  });
});
