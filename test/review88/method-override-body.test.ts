// Review 88: a JSON body's `_method` reaches the API through the user module's POST rows.
//
// Severity: LOW (defense in depth; real only against an API that honours method spoofing in a JSON
// body, as Laravel does by default: `Request::enableHttpMethodParameterOverride()` in its HTTP
// kernel and `createFromBase` reading a JSON body as the request's input, so `POST /x` with
// `{"_method":"DELETE"}` is routed as `DELETE /x`; the operator's API is PHP).
//
// What the docs promise (docs/server.md, "Proxy rules (a proxy, not a relay)"): "Only the
// service's own routes (above), derived from the auth and user modules' operations", each
// "at `P` + its API path, same method"; the query string is allowlisted, and the browser's
// `X-HTTP-Method-Override` header is never forwarded (only `Accept`, `Accept-Language`,
// `Content-Type: application/json`, the session's `Authorization`).
//
// What happens: the auth rows' bodies are read by the row's schema (unknown keys dropped), but the
// user rows' bodies (`route` in src/server/handle.ts, `body = raw` when the row has no
// `request` schema) are forwarded byte for byte, `_method` included. The header form of the
// override is closed and the query form is closed (allowlist), the body form is open: a page
// script (or the player) can have the API run another method than the row's on the row's path,
// with the session's token, past the proxy's method allowlist.
// Fixed in the fifty-third pass (failed on 674db8c1, seen): every row's body is read by its schema
// (`routes.ts`: the user rows' too), forwarded as the core's module sends it: a field it does not
// send is refused (`400`, nothing forwarded) or dropped.

import { describe, expect, it } from 'vitest';
import { APP, json, loginOk, pamFor, signIn, useHostile } from '../server/hostile';

const hostile = useHostile();

describe('review 88: method spoofing in a JSON body', () => {
  it.each([
    ['POST', '/pam/bff/users/check-password', { password: 'Secret123!', _method: 'DELETE' }],
    ['POST', '/pam/users/update/1', { first_name: 'P', _method: 'DELETE' }],
    ['POST', '/pam/income-report/generate', { year: 2025, _method: 'PUT' }],
    [
      'PATCH',
      '/pam/bff/users/update-limits',
      { user_limit_deposit: 10, user_limit_deposit_period: 'daily', _method: 'DELETE' },
    ],
    ['POST', '/pam/auth/forgot-password', { email: 'p@example.com', _method: 'DELETE' }],
  ] as const)('%s %s: no `_method` reaches the API', async (method, path, body) => {
    const api = await hostile.api();
    const bodies: string[] = [];
    api.handler = (req, res, text) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      bodies.push(text);
      json(res, 200, {});
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
    await answer.text();
    // Fixed either way: refused (nothing forwarded), or forwarded without the override.
    expect(bodies.filter((b) => b.includes('_method'))).toEqual([]);
  });
});
