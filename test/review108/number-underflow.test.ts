// Review 108, LOW: a restriction flag written as a number too small for a double (`1e-400`) is
// neither 0 nor 1 as written, yet reads as 0 ("not restricted"): `JSON.parse` (src/http/exchange.ts
// `parseJSON`) turns it into 0 before `readNumber` (src/schemas/read-scalar.ts) can see it, while
// the same value as a string (`"1e-400"`), or `0.4`, is unreadable and fails closed. Real sockets:
// a node:http server on 127.0.0.1 writes the answer's bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const members = JSON.stringify({ ...base, ...answeredUserInfo() }).slice(1, -1);
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

describe('review 108: a flag that underflows to 0', () => {
  for (const field of ['spa_exclusion', 'user_pause']) {
    it(`"${field}":1e-400 is not read as "not restricted"`, async () => {
      text = `{"user":{"id":1},"userInfo":{${members},"${field}":1e-400}}`;
      const http = createOfetchAdapter({ baseURL: url, retry: 0 });
      const profile = await createAuthModule(http)
        .getUserProfile()
        .catch(() => undefined);
      // A typed refusal would do too; read, it must be unknown (as "1e-400" or 0.4 are).
      if (profile)
        expect(restrictionsOf(profile.userInfo, Date.parse('2026-11-29T12:00:00Z')).known).toBe(false);
    });
  }
});
