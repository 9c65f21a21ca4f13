// Review 156 (2): a hostile BFF's login answer of a `type` that is no challenge the core knows
// (`two_factor_code`, `cancelled_account`). `serverSessionAuth`'s `signedInAnswer` passes any string
// `type` through unchecked as a challenge; the login child ends `authenticated` with it and the
// session's `signingIn.onDone` has neither guard true: the tab stays `signingIn` for good, no
// error shown, and a new `login()` is ignored there (`LOGIN: {}`). The core's own client refuses
// such an answer (`invalid_response`).

import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { SIGNED_OUT, send, USER, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();

async function loginAnswered(body: unknown) {
  const bff = await bffOf();
  bff.handler = (q, res) => {
    if (q.path.startsWith('/pam/session')) return send(res, 200, SIGNED_OUT);
    if (q.path.startsWith('/pam/auth/login')) return send(res, 200, body);
    send(res, 404, {});
  };
  const { client } = clientOf(bff.url);
  await client.ready;
  client.login({ login: 'player@example.com', password: 'Secret123!' });
  const logins = () => bff.seen.filter((s) => s.path.startsWith('/pam/auth/login')).length;
  await until(() => logins() === 1, 'the login reached the BFF');
  // The answer read and every step after it run (event-loop turns, no clock).
  await turns(200);
  return { client, logins };
}

describe('review156: a login answer of an unknown type', () => {
  for (const [label, body] of [
    ["{ type: 'bogus' }", { type: 'bogus' }],
    ["{ type: '' }", { type: '' }],
    [
      "{ type: 'welcome', user, userInfo } (no server_session)",
      { type: 'welcome', user: USER, userInfo: answeredUserInfo() },
    ],
  ] as const) {
    it(`${label}: a typed invalid_response, the login failed (not left signing in)`, async () => {
      const { client } = await loginAnswered(body);
      expect(client.view.status).toBe('failed');
      expect(client.view.error?.code).toBe('invalid_response');
      expect(client.view.user).toBeNull();
    });
  }

  it("the two-factor code answered { type: 'other' }: not left verifying the code, the session read again", async () => {
    const bff = await bffOf();
    bff.handler = (q, res) => {
      if (q.path.startsWith('/pam/session')) return send(res, 200, SIGNED_OUT);
      if (q.path.startsWith('/pam/auth/login'))
        return send(
          res,
          200,
          q.body.includes('two_factor_code') ? { type: 'other' } : { type: 'two_factor_code' },
        );
      send(res, 404, {});
    };
    const { client } = clientOf(bff.url);
    await client.ready;
    client.login({ login: 'player@example.com', password: 'Secret123!' });
    await until(() => client.view.status === 'twoFactorRequired', 'code asked');
    // (Every view from here: the failure is shown, then the session read again says signed out.)
    const shown: string[] = [];
    client.subscribe((v) => shown.push(`${v.status}:${v.error?.code ?? ''}`));
    client.submitCode('123456');
    await until(() => bff.seen.length >= 3, 'the code reached the BFF');
    await turns(200);
    expect(client.view.status).not.toBe('verifyingCode');
    expect(client.view.user).toBeNull();
    // (An unreadable code answer whose head was in: the proxy may have set the login's cookie, so
    // the session is read again and decides, by design (review 51): here, signed out.)
    expect(shown.at(-1)).toBe('signedOut:');
    expect(bff.seen.filter((q) => q.path.startsWith('/pam/session')).length).toBe(2);
  });

  it("after { type: 'bogus' } the player can try again: a second login() is sent", async () => {
    const { client, logins } = await loginAnswered({ type: 'bogus' });
    client.login({ login: 'player@example.com', password: 'Secret123!' });
    await turns(100);
    expect(logins()).toBe(2);
  });
});
