// Review 99: the body of `connectSocial` / `disconnectSocial` reaches the API as the browser wrote it.
//
// Severity: MEDIUM (defense in depth against a Laravel API: `_method` in a JSON body is routed as
// that method; and any field the core never sends, e.g. an OAuth `redirect_uri` or `provider_id`
// on the account-linking route, reaches the API with the session's token).
//
// What happens: src/server/handle.ts `route` forwards `body = raw` unless the row has a `request`
// schema; `CONNECT_SOCIAL` (POST) and `DISCONNECT_SOCIAL` (DELETE) in src/user/security.ts have
// none (the core's module sends no body), so a page script's arbitrary JSON body goes out byte for
// byte, with `Content-Type: application/json` and the session's `Authorization`. Review 88's fix
// (routes.ts: "the user rows' bodies are read by their schema") covers only the rows that have one.
//
// What should happen (docs/server.md, "The auth routes are read with the core's schemas": "what
// the core's user module sends passes as it sent it, anything else is refused the same 400,
// nothing forwarded"): a row whose operation sends no body forwards none; a non-empty body is
// refused `400`, nothing forwarded.

import { describe, expect, it } from 'vitest';
import { APP, json, loginOk, pamFor, signIn, useHostile } from '../server/hostile';

const hostile = useHostile();

describe('review 99: rows that send no body', () => {
  it.each([
    ['POST', '/pam/bff/users/account-social/connect/google'],
    ['DELETE', '/pam/bff/users/account-social/9'],
  ] as const)('%s %s: a JSON body the core never sends is not forwarded', async (method, path) => {
    const api = await hostile.api();
    const bodies: { url: string; body: string; type: string }[] = [];
    api.handler = (req, res, body) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      bodies.push({ url: req.url ?? '', body, type: String(req.headers['content-type'] ?? '') });
      json(res, 200, { ok: true });
    };
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      new Request(`${APP}${path}`, {
        method,
        headers: { cookie, 'x-pam-client': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ _method: 'PUT', redirect_uri: 'https://evil.example/cb', provider_id: 'x' }),
      }),
    ))!;
    await answer.text();
    // Either refused unsent, or sent without the body: never the browser's fields at the API.
    const forwarded = bodies.filter((b) => b.body !== '');
    expect(forwarded).toEqual([]);
  });
});
