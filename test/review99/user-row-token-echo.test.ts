// Review 99: a token a user-module answer grants, echoed in that answer's text, reaches the browser.
//
// Severity: LOW (needs an API that returns a new access token from a user-module call, as JWT
// APIs commonly do on a password or e-mail change, and echoes it under a key not ending in
// "token": a `message`, a `data.jwt`, a `meta.authorization`).
//
// What happens: `relay` (src/server/relay.ts:63) hunts an answer's token fields (`call.hunt`,
// `authSecretsOf`: top-level `access_token`, `refresh_token`, `token`, `user.token`) only for the
// auth rows (`route?.response !== undefined`); a user row's answer has its `access_token` key
// dropped by `stripTokens` but that value, wherever else the answer carries it, goes out as the
// API wrote it. The same answer on an auth route would be scrubbed.
//
// What should happen (API.md: the proxy strips "every token from every answer"; docs/server.md
// "No token in any answer"): a value the API itself labels `access_token` (a token the server
// would hold: `isSessionToken`) is hunted in the rest of the answer whatever the route, as it is
// for the auth rows; the key-only rule stays for other `*token` keys (R1's `push_token`).

import { describe, expect, it } from 'vitest';
import { APP, json, loginOk, pamFor, signIn, useHostile } from '../server/hostile';

const hostile = useHostile();
const NEW = 'NEW-TOKEN-zyxwvutsrq987654321';

describe('review 99: a user row that grants a token', () => {
  it.each([
    [
      'POST',
      '/pam/users/change-password/1',
      { old_password: 'Old12345!', password: 'New12345!', password_confirmation: 'New12345!' },
    ],
    ['PATCH', '/pam/bff/users/self-email', { email: 'q@example.com' }],
  ] as const)('%s %s: the granted token echoed elsewhere is not passed on', async (method, path, body) => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      json(res, 200, {
        access_token: NEW,
        message: `Changed. Your new session is ${NEW}`,
        data: { jwt: NEW },
      });
    };
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      new Request(`${APP}${path}`, {
        method,
        headers: { cookie, 'x-pam-client': '1', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    ))!;
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(text).not.toContain('access_token');
    expect(text).not.toContain(NEW);
  });
});
