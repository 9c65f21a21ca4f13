// test/server/login-token-budget took 45 s at load (a 60 s timeout): a login answer echoing
// 2,048-character tokens verbatim (`nickname: access`, `message: "issued <refresh>"`) cost
// seconds of CPU per login. Profiled (node --cpu-prof): 98.5 % in the core scrubber, run not by
// the proxy's own scrub of the answer (`scrubTokens` replaces verbatim echoes first, `verbatim`,
// 1 ms) but by the login row's schema, read before it (`granting` scrubs the answer of its tokens
// with the core scrubber's expressions: about 7 s of CPU for two 2,048-character tokens). Now the
// proxy replaces the verbatim echoes before that schema reads the answer (`precleaned`), but in
// the fields it reads the tokens from; the answer that goes out is the same. And a login answer
// holding a token the server cannot hunt (longer than a cookie holds) is refused before that
// schema reads it (the fixed 502 it got after; test/server/long-token took 13.6 s, now 1 s).

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { precleaned } from '../../src/server/strip';
import { countRegExpBuilds } from '../support/regexp-builds';
import { type HostileAPI, json, logIn, loginOk, pamFor, useHostile, user } from './hostile';

const hostile = useHostile();
const tokenOf = (tag: string, length: number) => `${tag}-${'x'.repeat(length - tag.length - 1)}`;
const ACCESS = tokenOf('A', 2048);
const REFRESH = tokenOf('R', 2048);
const USER_TOKEN = tokenOf('U', 16);

function answering(api: HostileAPI) {
  api.handler = (req, res) => {
    if (req.url === '/auth/logout') return json(res, 204, '');
    return json(res, 200, {
      ...loginOk({ refresh_token: REFRESH, message: `issued ${REFRESH}` }, ACCESS),
      user: user({ token: USER_TOKEN, name: `P ${ACCESS}`, nickname: ACCESS }),
    });
  };
}

describe('a login answer echoing long tokens verbatim', () => {
  it('builds no long expression (it built megabytes of them: seconds of CPU), and goes out scrubbed, sealed', async () => {
    const api = await hostile.api();
    answering(api);
    const pam = pamFor(api);
    const seen = countRegExpBuilds();
    const answer = await logIn(pam).finally(() => vi.unstubAllGlobals());
    const text = await answer.text();
    expect({
      status: answer.status,
      sealed: answer.headers.getSetCookie().length,
      leaked: [ACCESS, REFRESH, USER_TOKEN].filter((t) => text.includes(t)),
      name: (JSON.parse(text) as { user: { name: string } }).user.name,
    }).toEqual({ status: 200, sealed: 1, leaked: [], name: 'P [redacted]' });
    // Counted, never timed: the old code built 5 expressions of 2.95 MB of source for this login.
    expect(seen.source).toBeLessThan(50_000);
  });
});

describe('a login answer holding a token the server cannot hunt', () => {
  it('is refused (the fixed 502, its token revoked) before the schema scrubs it: no long expression built', async () => {
    const api = await hostile.api();
    const long = `eyJ${'r'.repeat(12_000)}`; // a refresh token past the 2,048 a cookie holds: hunted nowhere
    api.handler = (req, res) => {
      if (req.url === '/auth/logout') return json(res, 204, '');
      return json(res, 200, { ...loginOk({ refresh_token: long }), user: user({ name: long }) });
    };
    const seen = countRegExpBuilds();
    const answer = await logIn(pamFor(api)).finally(() => vi.unstubAllGlobals());
    const text = await answer.text();
    expect({ status: answer.status, leaked: text.includes(long), revoked: api.requests.at(-1)?.url }).toEqual(
      {
        status: 502,
        leaked: false,
        revoked: '/auth/logout',
      },
    );
    // Counted, never timed: the old code built 5 expressions of 4.3 MB of source for this login.
    expect(seen.source).toBeLessThan(50_000);
  });
});

describe('precleaned (strip.ts)', () => {
  it('property: every verbatim echo, any case, is gone but in the fields the schema reads; nothing else changes', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9._-]{16,40}$/);
    fc.assert(
      fc.property(
        secret,
        fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.boolean(), fc.string({ maxLength: 8 })), {
          maxLength: 5,
        }),
        (token, pieces) => {
          const echo = ([head, upper, tail]: [string, boolean, string]) =>
            `${head}${upper ? token.toUpperCase() : token}${tail}`;
          const answer = {
            access_token: token,
            refresh_token: token,
            token_type: 'bearer',
            list: pieces.map(echo),
            user: { token, name: pieces[0] ? echo(pieces[0]) : token, nested: { token } },
          };
          const out = precleaned(answer, [token]) as typeof answer;
          expect(out.access_token).toBe(token);
          expect(out.refresh_token).toBe(token);
          expect(out.user.token).toBe(token);
          const rest = JSON.stringify({
            ...out,
            access_token: 0,
            refresh_token: 0,
            user: { ...out.user, token: 0 },
          });
          expect(rest.toLowerCase().includes(token.toLowerCase())).toBe(false);
          expect(out.list).toEqual(
            pieces.map(([h, , t]) => `${h}[redacted]${t}`.replace(token, '[redacted]')),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
