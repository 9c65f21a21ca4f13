// Review 10, item B: the cookie's budget counted the tokens only. A login's `token_type` (sealed:
// the `Authorization` scheme) of 3,000 characters, a long secret id (written in the seal) or a long
// `cookie.name` pushed `name=value` past the 4,096 bytes browsers keep: the browser dropped the
// cookie and the player was signed out with the token live. And a token's quotes or backslashes
// count twice in the sealed JSON. Now the whole line is bounded: `token_type` is a word of at most
// 32 characters (else the login is refused as invalid_response, its token revoked), secret ids and
// the cookie's name at most 32 characters (ConfigurationError at creation), and the budget counts
// tokens as the seal writes them. A hostile API on 127.0.0.1.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { MAX_SESSION_CHARS, MAX_TOKEN_CHARS } from '../../src/server/cookie';
import { createPamServer } from '../../src/server/index';
import { type HostileAPI, json, logIn, loginOk, pamFor, useHostile } from './hostile';

const hostile = useHostile();
const SECRET = 'a-test-secret-of-at-least-32-characters!!';
const BROWSER_LIMIT = 4096;

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

/** The `name=value` of the one Set-Cookie line, in bytes (what browsers bound). */
const pairBytes = (answer: Response) =>
  Buffer.byteLength(answer.headers.getSetCookie().map((l) => l.split(';')[0]!)[0] ?? '');

describe('B: the whole cookie line stays within what browsers keep', () => {
  it.each([
    ['3,000 characters', 'a'.repeat(3_000)],
    ['33 characters', 'b'.repeat(33)],
    ['not a word', 'Bearer token'],
  ])(
    'a login whose token_type is %s: refused (invalid_response), no cookie, the token revoked',
    async (_, type) => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
        return json(res, 200, loginOk({ token_type: type }));
      };
      const answer = await logIn(pamFor(api));
      const body = (await answer.json()) as { pam?: string; issues?: { path: unknown }[] };
      expect(answer.status).toBe(502);
      expect(body.pam).toBe('invalid_response');
      expect(body.issues?.[0]?.path).toEqual(['token_type']);
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(revoked(api)).toEqual([loginOk().access_token]);
    },
  );

  it('a token_type of 1 to 32 word characters: sealed', async () => {
    for (const type of ['T'.repeat(32), 'bearer', 'B']) {
      const api = await hostile.api();
      api.handler = (_req, res) => json(res, 200, { ...loginOk(), token_type: type });
      const answer = await logIn(pamFor(api));
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie()).toHaveLength(1);
    }
  });

  it.each([
    ['a secret id of 33 characters', { secrets: [{ id: 'k'.repeat(33), secret: SECRET }] }, /secret id/],
    ['a cookie name of 33 characters', { cookie: { name: 'n'.repeat(26) } }, /cookie\.name/],
  ])('%s: ConfigurationError at creation', (_, options, message) => {
    expect(() =>
      createPamServer({
        apiBaseURL: 'https://api.example',
        secrets: [{ id: 'k1', secret: SECRET }],
        ...options,
      }),
    ).toThrow(expect.objectContaining({ message: expect.stringMatching(message) }) as never);
    expect(() =>
      createPamServer({
        apiBaseURL: 'https://api.example',
        secrets: [{ id: 'k1', secret: SECRET }],
        ...options,
      }),
    ).toThrow(ConfigurationError);
  });

  it.each([
    ['quotes', '"'],
    ['backslashes', '\\'],
  ])(
    'tokens of %s at every bound (they count twice in the sealed JSON): name=value within 4,096 bytes, or nothing sealed',
    async (_, c) => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
        return json(
          res,
          200,
          loginOk({ refresh_token: `R${c.repeat(511)}`, token_type: 'W'.repeat(32) }, `A${c.repeat(2047)}`),
        );
      };
      const pam = pamFor(api, {
        secrets: [{ id: 'i'.repeat(32), secret: SECRET }],
        cookie: { name: `__Host-${'n'.repeat(25)}` },
      });
      const answer = await logIn(pam);
      await answer.text();
      expect(pairBytes(answer)).toBeLessThanOrEqual(BROWSER_LIMIT);
    },
  );

  it('property: the longest name, secret id and token_type, tokens of any visible ASCII (quotes, backslashes) at the budget: name=value within 4,096 bytes, or nothing sealed', async () => {
    const api = await hostile.api();
    let answerWith: Record<string, unknown> = {};
    api.handler = (req, res) => {
      if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
      return json(res, 200, answerWith);
    };
    const pam = pamFor(api, {
      secrets: [{ id: 'i'.repeat(32), secret: SECRET }],
      cookie: { name: `__Host-${'n'.repeat(25)}` },
    });
    const visible = fc.constantFrom('"', '\\', 'a', 'Z', '9', '~', '.', '|');
    const tokenOf = (min: number, max: number) =>
      fc
        .tuple(fc.constantFrom('A', 'R', 'U'), fc.array(visible, { minLength: min, maxLength: max }))
        .map(([tag, cs]) => `${tag}${'x'.repeat(15)}${cs.join('')}`);
    await fc.assert(
      fc.asyncProperty(
        tokenOf(0, MAX_TOKEN_CHARS),
        tokenOf(0, MAX_SESSION_CHARS),
        tokenOf(0, 600),
        async (access, refresh, userToken) => {
          answerWith = {
            ...loginOk({ refresh_token: `R${refresh}`, token_type: 'W'.repeat(32) }, `A${access}`),
            user: { ...(loginOk().user as object), token: `U${userToken}` },
          };
          const answer = await logIn(pam);
          await answer.text();
          expect(pairBytes(answer)).toBeLessThanOrEqual(BROWSER_LIMIT);
        },
      ),
      { numRuns: 40 },
    );
  });
});
