// Review 110: review 108 refuses a 2xx answer holding a number no double holds (`1e-400` read as
// 0, "not restricted"), but `ambiguityOf` (src/http/json-ambiguity.ts) only looks for an exponent
// of three digits or more (`TINY`, and the `/e-\d{3}/` pre-check). The same value written out
// (`0.000…0001`, 400 zeros) or with its zeros in the mantissa and a short exponent
// (`0.000…0001e-30`) is read by JSON.parse as 0 and passes: a restriction flag the text sets is
// read as "not restricted". Real sockets: a node:http server on 127.0.0.1 writes the bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambiguityOf } from '../../src/http/json-ambiguity';
import { createAuthModule, createOfetchAdapter, restrictionsOf } from '../../src/index';
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
/** userInfo's members as text (no braces), without `field` (named once, by the test). */
const membersWithout = (field: string) => {
  const info: Record<string, unknown> = { ...base, ...answeredUserInfo() };
  delete info[field];
  return JSON.stringify(info).slice(1, -1);
};
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

const SPELLINGS: [string, string][] = [
  ['written out (400 zeros)', `0.${'0'.repeat(400)}1`],
  ['zeros in the mantissa, a two-digit exponent', `0.${'0'.repeat(330)}1e-10`],
  ['zeros in the mantissa, a one-digit exponent, capital E', `0.${'0'.repeat(340)}1E-1`],
];

describe('review 110: a flag that underflows to 0, spelled without a long exponent', () => {
  for (const [name, n] of SPELLINGS) {
    it(`ambiguityOf sees it: ${name}`, () => {
      const t = `{"userInfo":{"spa_exclusion":${n}}}`;
      expect(JSON.parse(t).userInfo.spa_exclusion).toBe(0);
      expect(ambiguityOf(t, JSON.parse(t))).toBe('a number no double holds');
    });
    for (const field of ['spa_exclusion', 'user_pause'])
      it(`"${field}": ${name} is not read as "not restricted"`, async () => {
        text = `{"user":{"id":1},"userInfo":{${membersWithout(field)},"${field}":${n}}}`;
        // (Read with a plain 0 instead, the player is known and free: the flag is all that bars.)
        expect(JSON.parse(text).userInfo[field]).toBe(0);
        const http = createOfetchAdapter({ baseURL: url, retry: 0 });
        const profile = await createAuthModule(http)
          .getUserProfile()
          .catch(() => undefined);
        if (profile) {
          const r = restrictionsOf(profile.userInfo, Date.parse('2026-11-29T12:00:00Z'));
          expect({ known: r.known, canBet: r.canBet }).toEqual({ known: false, canBet: false });
        }
      });
  }
});
