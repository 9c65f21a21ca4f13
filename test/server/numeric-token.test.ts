// A session token of digits only, echoed as a JSON number (review 7, s12): the proxy scrubbed
// string values only, so `{ "ref": 123456789012345 }` passed with the token in it. A number equal
// to an all-digit secret, as JSON.parse reads the echo (leading zeros gone, beyond 2^53 the same
// double), is scrubbed too, as the core's adapter does for an error body (src/errors/scrub.ts).
// The session's token has 16 characters or more, and an all-digit one reads as a number of 16
// digits or more (review 9: a shorter one is refused at the login, short-token.test.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSessionToken, MAX_TOKEN_CHARS, MIN_TOKEN_CHARS } from '../../src/server/cookie';
import { scrubTokens } from '../../src/server/strip';
import { fullInfo, json, loginOk, pamFor, request, signIn, useHostile, user } from './hostile';

const hostile = useHostile();

/** Whether `text` (JSON) holds a number that reads as the all-digit `token`. */
const holdsNumber = (text: string, token: string) =>
  (text.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi) ?? []).some((n) => String(Number(n)) === String(+token));

describe('an all-digit token echoed as a JSON number', () => {
  it.each([
    ['16 digits', '1234567890123456'],
    ['leading zeros', '0000987654321012345678'],
    ['beyond 2^53', '98765432109876543210'],
    // Review 10, A: from 1e21 on, String(number) is exponent form ('1e+64'): judged by its digits.
    ['64 nines (1e+64 as a number)', '9'.repeat(64)],
    ['1e21 exactly', `1${'0'.repeat(21)}`],
    ['29 digits', '17644000000000000000000000123'],
  ])('%s: scrubbed from a relayed answer, the seed, getSession and the login answer', async (_, token) => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      const echo = `{"ref":${token.replace(/^0+/, '')},"n":42}`;
      if (req.url === '/auth/login')
        return json(res, 200, JSON.stringify(loginOk({}, token)).replace(/}$/, `,"echo":${echo}}`));
      if (req.url === '/bff/users/address-by-user') return json(res, 200, echo);
      if (req.url?.startsWith('/auth/user-profile'))
        return json(
          res,
          200,
          JSON.stringify({ user: user({ token }), userInfo: fullInfo() }).replace(
            /"name":"P"/,
            `"name":"P","ref":${token.replace(/^0+/, '')}`,
          ),
        );
      return json(res, 404, {});
    };
    const pam = pamFor(api);
    const login = (await pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    ))!;
    const loginText = await login.text();
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    expect(holdsNumber(loginText, token)).toBe(false);
    const relayed = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    expect(await relayed.json()).toEqual({ ref: '[redacted]', n: 42 });
    const seed = await (await pam.handle(request('/pam/session', { cookie })))!.text();
    expect(holdsNumber(seed, token)).toBe(false);
    expect(JSON.parse(seed).user.ref).toBe('[redacted]');
    const view = await pam.getSession(request('/', { cookie }));
    expect(holdsNumber(JSON.stringify(view), token)).toBe(false);
    expect(view.player).toMatchObject({ id: 1, ref: '[redacted]' });
  });

  it('a number that is not the token stays a number (ids, amounts)', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk({}, '1234567890123456'));
      return json(res, 200, { id: 1, amount: 1234567890123455, big: 12345678901234560 });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const relayed = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    expect(await relayed.json()).toEqual({ id: 1, amount: 1234567890123455, big: 12345678901234560 });
  });

  it('property: no number equal to an all-digit secret survives, at any depth; other numbers stay', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{16,40}$/),
        fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), {
          maxLength: 5,
        }),
        fc.nat({ max: 3 }),
        (token, others, depth) => {
          let echo: unknown = JSON.parse(`[${token.replace(/^0+(?=\d)/, '')}]`)[0];
          for (let i = 0; i < depth; i++) echo = i % 2 ? [echo] : { at: echo };
          const out = JSON.stringify(scrubTokens({ echo, others }, [token]));
          expect(holdsNumber(out.replace(/"others":\[.*\]/, ''), token)).toBe(false);
          const kept = JSON.parse(out).others as number[];
          others.forEach((n, i) => {
            expect(kept[i]).toBe(String(n) === String(+token) ? '[redacted]' : JSON.parse(JSON.stringify(n)));
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property (review 10, A): an all-digit token is judged by its digits without leading zeros, never as a float', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20 }), fc.stringMatching(/^[1-9]\d{0,99}$/), (zeros, digits) => {
        const token = `${'0'.repeat(zeros)}${digits}`;
        const expected = digits.length >= MIN_TOKEN_CHARS && token.length <= MAX_TOKEN_CHARS;
        expect(isSessionToken(token)).toBe(expected);
      }),
      { numRuns: 500 },
    );
    expect(isSessionToken('9'.repeat(MAX_TOKEN_CHARS))).toBe(true);
    expect(isSessionToken(`${'0'.repeat(10)}${'9'.repeat(15)}`)).toBe(false);
  });
});
