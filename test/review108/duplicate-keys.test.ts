// Review 108, defect: an answer that names a restriction twice is read by its LAST value.
// `JSON.parse` keeps the last of duplicate member names (RFC 8259 4: "the behavior of software that
// receives such an object is unpredictable"); the adapter (src/http/exchange.ts `parseJSON`, used
// by `readResponse`) parses the profile with it and nothing notices the ambiguity, so a profile
// whose text says `"spa_exclusion":1` and later `"spa_exclusion":0` shows a player barred by the
// SPA register as free to bet. Fail closed says the opposite: an answer the client cannot read one
// way only is an answer it could not read (`invalid_response`, or the restriction unknown).
// Real sockets: a node:http server on 127.0.0.1 writes the answer's bytes (the reference server
// cannot write a duplicate key).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPamClient } from 'pam-client/machines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, isPamError, restrictionsOf } from '../../src/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { until } from '../support/until-view';

const TOKEN = 'canary-TOKEN-rev108-dupkeys-0123';
const user = {
  id: 1,
  email: 'p@example.com',
  username: 'p',
  name: 'P',
  token: TOKEN,
  is_active: true,
  cancelled_account: false,
  bonus_enabled: true,
};
const base = {
  validate_email_at: null,
  login_at: '2026-11-29T08:00:00Z',
  login_attempt_qty: 0,
  seven_days_since_last_login: false,
  strong_password: true,
  force_request_kyc: false,
  two_factor_enabled: false,
};
/** userInfo's members as text (no braces): every restriction answered, none in force. */
const freeMembers = JSON.stringify({ ...base, ...answeredUserInfo() }).slice(1, -1);
/** The SPA register says barred, then the same object says 0: JSON.parse keeps the 0. */
const barredThenFree = `{"user":${JSON.stringify(user)},"userInfo":{"spa_exclusion":1,"spa_exclusion_at":"2026-11-01 10:00:00",${freeMembers}}}`;
/** The whole userInfo twice: a barred one, then a free one. */
const twoUserInfos = `{"user":${JSON.stringify(user)},"userInfo":{${freeMembers},"spa_exclusion":1},"userInfo":{${freeMembers}}}`;

let profileText = barredThenFree;
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer({ keepAliveTimeout: 600_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (status: number, text: string) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      };
      if (req.url === '/auth/login')
        return send(
          200,
          JSON.stringify({
            access_token: TOKEN,
            expires_in: 28800,
            token_type: 'bearer',
            user,
            userInfo: base,
          }),
        );
      if (req.url?.startsWith('/auth/user-profile')) return send(200, profileText);
      send(404, '{}');
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

/** getUserProfile's outcome: the restrictions read from it, or the typed error. */
async function readAs(text: string) {
  profileText = text;
  const http = createOfetchAdapter({ baseURL: url, getAccessToken: () => TOKEN, retry: 0 });
  try {
    const profile = await createAuthModule(http).getUserProfile();
    const r = restrictionsOf(profile.userInfo, Date.parse('2026-11-29T12:00:00Z'));
    return { canBet: r.canBet, accountBlocked: r.accountBlocked };
  } catch (error) {
    expect(isPamError(error)).toBe(true);
    return { canBet: false, accountBlocked: true, code: (error as { code: string }).code };
  }
}

describe('review 108: duplicate member names in the profile answer', () => {
  it('"spa_exclusion":1 then "spa_exclusion":0 in one userInfo: never free to bet', async () => {
    const read = await readAs(barredThenFree);
    expect(read.canBet).toBe(false);
    expect(read.accountBlocked).toBe(true);
  });

  it('two userInfo members (a barred one, then a free one): never free to bet', async () => {
    const read = await readAs(twoUserInfos);
    expect(read.canBet).toBe(false);
  });

  it("createPamClient's view: a player the answer also calls SPA-barred is not shown with an open account", async () => {
    profileText = barredThenFree;
    const client = createPamClient({ baseURL: url, environment: { channel: null } });
    try {
      client.login({ login: 'p@example.com', password: 'pw-rev108-Dup!' });
      const view = await until(
        client,
        // (Known, or a read that failed: an answer refused as unreadable keeps them unknown.)
        (v) => v.status === 'signedIn' && (v.restrictions?.status !== 'unknown' || !!v.restrictions?.error),
      );
      expect(view.restrictions?.canBet).toBe(false);
      // (canBet is false here for another reason too: the play time is not read yet.) The account
      // is shown open, nothing in force, and the restrictions `known`: the SPA exclusion is lost.
      const r = view.restrictions;
      expect({ blockedOrUnknown: r?.accountBlocked === true || r?.known === false }).toEqual({
        blockedOrUnknown: true,
      });
    } finally {
      client.stop();
    }
  });
});
