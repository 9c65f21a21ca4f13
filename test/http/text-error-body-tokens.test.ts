// An error body that is not JSON (a proxy's text, a form-encoded OAuth answer, a JSON body cut
// short) kept a token granted in it as written: only the request's own secrets were scrubbed
// from it, and the credential fields were hidden for a JSON body only. A value after a
// credential key (`access_token`, `accessToken`, `token`, `refresh_token`, `refreshToken`, then
// `=` or `:`, quotes or not) is hidden in a text body too, and so is every other copy of it in
// the same body (a plain-text echo of the token it issued); so it is inside a JSON body's strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_SCRUB } from '../../src/errors/scrub';
import { readResponse } from '../../src/http/exchange';
import { createOfetchAdapter, isPamError } from '../../src/index';
import { reachableStrings } from '../support/reachable';

const KEYS = ['access_token', 'accessToken', 'token', 'refresh_token', 'refreshToken'] as const;

/** The error `readResponse` throws for `text` answered with `status`. */
function errorOf(text: string, status = 422): unknown {
  try {
    readResponse({ status, headers: new Headers() }, text, 'POST', '/auth/login', NO_SCRUB);
  } catch (e) {
    return e;
  }
  return 'no error';
}

/** Key and value as a text body may write them. */
const SPELLINGS: readonly ((k: string, v: string) => string)[] = [
  (k, v) => `${k}=${v}&token_type=bearer`,
  (k, v) => `${k}: ${v}`,
  (k, v) => `${k} = "${v}"`,
  (k, v) => `{"${k}":"${v}","expires_in":36`, // JSON cut short: not JSON
  (k, v) => `<p>${k}='${v}'</p>`,
  (k, v) => `{\\"${k}\\":\\"${v}\\"}`,
  (k, v) => `https://app.test/cb#${k}=${v}`,
];

describe('a text error body holds no token granted in it', () => {
  it('examples: form-encoded, a header-like line, a cut JSON body', () => {
    const T = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJlLXZhbHVl';
    for (const text of [
      `access_token=${T}&token_type=bearer&expires_in=3600`,
      `Unauthorized. accessToken: ${T}`,
      `{"message":"Login refused.","refresh_token":"${T}"`,
      `token issued: none. token=${T} (echo: ${T})`,
    ]) {
      const error = errorOf(text);
      expect(isPamError(error)).toBe(true);
      expect(reachableStrings(error).filter((s) => s.includes(T))).toEqual([]);
      expect(JSON.stringify(error)).not.toContain(T);
    }
    // What else the body says stays.
    expect((errorOf(`Login refused. access_token=${T}`) as { body: string }).body).toBe(
      'Login refused. access_token=[redacted]',
    );
  });

  it('a JSON body: a token in a string value (a link, a message) and its echo elsewhere', () => {
    const T = 'opaque-token-0123456789abcdefXYZ';
    const error = errorOf(JSON.stringify({ message: `see /cb#access_token=${T}`, detail: `it was ${T}` }));
    expect(JSON.stringify(error)).not.toContain(T);
    expect((error as { body: { message: string } }).body.message).toBe('see /cb#access_token=[redacted]');
  });

  it('generated: any key, spelling, status and surrounding text: the token is never reachable', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KEYS),
        fc.stringMatching(/^[A-Za-z0-9._~+/-]{16,60}={0,2}$/),
        fc.nat({ max: SPELLINGS.length - 1 }),
        fc.constantFrom(400, 401, 403, 422, 500, 502),
        fc.string({ maxLength: 30 }),
        fc.boolean(),
        (key, token, spelling, status, around, echoed) => {
          const text = `${around} ${SPELLINGS[spelling]!(key, token)} ${echoed ? `(${token})` : ''}`;
          const error = errorOf(text, status);
          expect(isPamError(error)).toBe(true);
          expect(reachableStrings(error).filter((s) => s.includes(token))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('through the adapter: a 401 text answer to a login with a granted token', async () => {
    const T = 'granted.token-0123456789abcdefghij';
    const http = createOfetchAdapter({
      baseURL: 'http://pam.test',
      fetch: async () =>
        new Response(`error=invalid_grant access_token=${T}`, {
          status: 400,
          headers: { 'content-type': 'text/plain' },
        }),
    });
    const error = await http.post('/auth/login', { login: 'a@b.c', password: 'pw-123456' }).catch((e) => e);
    expect(isPamError(error)).toBe(true);
    expect(JSON.stringify(error)).not.toContain(T);
    expect(reachableStrings(error).filter((s) => s.includes(T))).toEqual([]);
  });
});
