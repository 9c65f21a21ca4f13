// Review 109, LOW (review 108's class, rated as it was there; a restriction flag read as 0 when the
// text says otherwise): `ambiguityOf` (src/http/json-ambiguity.ts:38-40) looks for an underflow
// only where the text has an exponent of three digits (`/e-\d{3}/i`, `TINY`). A number too small
// for a double is as easily written without one: `0.` and 400 zeros then `1`, or `0.<330 zeros>1e-1`
// (an exponent of one digit). `JSON.parse` reads either as 0, nothing notices, and
// `"spa_exclusion":0.000…1` reads "not restricted", as `1e-400` did before review 108's fix.
// (Review 108's own test of `1e-400`, test/review108/number-underflow.test.ts, writes the field
// twice: its fixture answers `spa_exclusion` already, so it passes by the duplicate check.)
// Real sockets: a node:http server on 127.0.0.1 writes the answer's bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, isPamError, restrictionsOf } from '../../src/index';
import { answeredUserInfo } from '../support/answered-user-info';

const base = {
  validate_email_at: null,
  login_at: '2026-11-29T08:00:00Z',
  login_attempt_qty: 0,
  seven_days_since_last_login: false,
  strong_password: true,
  force_request_kyc: false,
  two_factor_enabled: false,
};
// (Without the field itself: the fixture answers it, and a second one is refused as a key twice,
// which is how review 108's number-underflow test passes today.)
const { spa_exclusion: _, ...info } = answeredUserInfo();
const members = JSON.stringify({ ...base, ...info }).slice(1, -1);
let text = '';
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const TINY_WRITTEN = {
  'no exponent': `0.${'0'.repeat(400)}1`,
  'a one-digit exponent': `0.${'0'.repeat(330)}1e-1`,
  'a two-digit exponent': `0.${'0'.repeat(300)}1e-99`,
};

describe('review 109: a flag too small for a double, written without a 3-digit exponent', () => {
  for (const [how, n] of Object.entries(TINY_WRITTEN))
    it(`"spa_exclusion" with ${how} is not read as "not restricted"`, async () => {
      expect(JSON.parse(n)).toBe(0);
      text = `{"user":{"id":1},"userInfo":{${members},"spa_exclusion":${n}}}`;
      const http = createOfetchAdapter({ baseURL: url, retry: 0 });
      const outcome = await createAuthModule(http)
        .getUserProfile()
        .then(
          (p) => restrictionsOf(p.userInfo, Date.parse('2026-11-29T12:00:00Z')).known,
          (e: unknown) => (isPamError(e) ? (e as { code: string }).code : 'foreign'),
        );
      // A typed refusal (invalid_response), or read with the restrictions unknown.
      expect([false, 'invalid_response']).toContain(outcome);
    });
});
