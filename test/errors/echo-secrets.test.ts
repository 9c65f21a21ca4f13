import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createOfetchAdapter, type HttpError, isPamError } from '../../src/index';
import { parseResponse } from '../../src/schemas/common';
import { redactSecrets } from '../../src/secrets/redact';
import { type EchoRequest, type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { everyView, formsOf, leakIn } from './views';

// Canaries with a quote, a slash, non-ASCII, '&', '+' and a space, so that the JSON-escaped,
// PHP-escaped and URI-encoded forms all differ from the literal one.
const SECRET = {
  password: 'canary-PW-"q"/ä&+ 1',
  old_password: 'canary-OLD-PW-9c1d',
  password_confirmation: 'canary-PW-"q"/ä&+ 1',
  password_check: 'canary-CHECK-7e/2',
  two_factor_code: 'canary-2FA-481516',
  code: 'canary-CODE-2342',
  captcha_token: 'canary-CAPTCHA-0b1e',
  nested: { refresh_token: 'canary-REFRESH-77aa', list: [{ captchaToken: 'canary-CAPTCHA2-ff' }] },
};
const TOKEN = 'canary-TOKEN-c0ffee.x';
const QUERY_TOKEN = 'canary-QUERY-0dd';
const ALL = [
  SECRET.password,
  SECRET.old_password,
  SECRET.password_check,
  SECRET.two_factor_code,
  SECRET.code,
  SECRET.captcha_token,
  SECRET.nested.refresh_token,
  SECRET.nested.list[0]!.captchaToken,
  TOKEN,
  QUERY_TOKEN,
];
const body = { login: 'player@example.com', ...SECRET };

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo?.close());
beforeEach(() => {
  echo.requests.length = 0;
});

const adapter = () =>
  createOfetchAdapter({ baseURL: echo.url, getAccessToken: () => TOKEN, timeout: 3000, retry: 0 });

/** Everything a hostile server can throw back: the request in every form, in every place. */
function echoEverything(r: EchoRequest) {
  const auth = String(r.headers.authorization ?? '');
  // What the server read of the request: it can only echo what it was sent.
  const sent = (r.json ?? {}) as { password?: string; two_factor_code?: string };
  const pw = sent.password ?? 'none';
  return {
    message: `Wrong password ${pw} for ${r.raw} with ${auth} at ${r.url}`,
    code: 'whatever',
    errors: {
      password: [`${pw} is wrong`, formsOf(pw).join(' ')],
      [pw]: ['a key that is a secret'],
      two_factor_code: [`${sent.two_factor_code} rejected`],
      password_check: r.raw,
    },
    input: r.json,
    raw: r.raw,
    headers: r.headers,
    encoded: encodeURIComponent(r.raw),
  };
}

async function failures(): Promise<unknown[]> {
  const http = adapter();
  const path = `/x?access_token=${QUERY_TOKEN}`;
  const cases: Array<[number, (r: EchoRequest) => unknown]> = [
    [422, echoEverything],
    [401, echoEverything],
    [429, echoEverything],
    [500, (r) => `<pre>${r.raw}</pre> ${encodeURIComponent(r.raw)} ${formsOf(SECRET.password).join(' ')}`], // (POST and PATCH send it)
    [422, (r) => r.raw], // the whole body echoed back as a string
    [503, (r) => JSON.stringify(r.raw)], // ... and as a JSON string
    [200, (r) => `not json ${r.raw} ${String(r.headers.authorization)}`],
    [
      422,
      (r) => ({
        message: `password_check ${(r.json as { password_check: string }).password_check} is wrong`,
        code: 'password_check_invalid',
        errors: { password_check: [`${(r.json as { password_check: string }).password_check} is wrong`] },
        input: r.json,
      }),
    ],
  ];
  const out: unknown[] = [];
  for (const [status, build] of cases) {
    echo.answer = (r) => ({ status, body: build(r) });
    out.push(await rejectionOf(http.post(path, body)));
    out.push(await rejectionOf(http.patch(path, body)));
  }
  // 401 with skipAuthRefresh off but no onUnauthorized, on a GET with the token in the query.
  echo.answer = (r) => ({ status: 401, body: echoEverything(r) });
  out.push(await rejectionOf(http.get(`/y?token=${QUERY_TOKEN}&page=1`)));
  return out;
}

describe('secrets a server echoes never reach an error', () => {
  it('scrubs every sent secret from message, stack, fieldErrors, body, cause, toJSON, inspect and structuredClone', async () => {
    const errors = await failures();
    expect(errors.length).toBe(17);
    for (const error of errors) {
      expect(isPamError(error)).toBe(true);
      const leak = leakIn(everyView(error), ALL);
      expect(leak, `${(error as Error).name}: ${(error as Error).message}`).toBeUndefined();
    }
  });

  it('keeps what is not secret and marks what was', async () => {
    echo.answer = (r) => ({ status: 422, body: echoEverything(r) });
    const e = (await rejectionOf(adapter().post('/auth/login', body))) as HttpError;
    expect(e.code).toBe('http');
    expect(e.message).toMatch(/^Wrong password \[redacted\] for /);
    expect(e.fieldErrors?.password?.[0]).toBe('[redacted] is wrong');
    expect(e.fieldErrors?.['[redacted]']).toEqual(['a key that is a secret']);
    expect((e.body as { input: { login: string } }).input.login).toBe('player@example.com');
  });

  it('scrubs a 2xx answer that echoes the request when its schema rejects it', async () => {
    echo.answer = (r) => ({ status: 200, body: { ...(r.json as object), [SECRET.password]: r.raw } });
    const value = await adapter().post('/auth/login', body);
    const error = await rejectionOf(
      Promise.resolve().then(() => parseResponse('login', z.strictObject({ ok: z.boolean() }), value)),
    );
    expect(isPamError(error)).toBe(true);
    expect((error as Error & { code: string }).code).toBe('invalid_response');
    expect(leakIn(everyView(error), ALL)).toBeUndefined();
  });

  it('scrubs what a 2xx answer echoes outside its credential fields, which stay as they are', async () => {
    echo.answer = (r) => ({
      status: 200,
      body: {
        type: 'two_factor_code',
        message: `sent to ${r.raw}`,
        user: { token: TOKEN, name: 'Ana' },
        access_token: TOKEN,
      },
    });
    // A call whose answer may carry the token it sent (`Operation.tokens`: the login's row).
    const tokens = { [Symbol.for('pam-client.tokens')]: true } as object;
    const value = (await adapter().post('/auth/login', body, tokens)) as Record<string, unknown>;
    expect(leakIn(JSON.stringify({ ...value, user: null, access_token: null }), ALL)).toBeUndefined();
    expect(value.message).toMatch(/^sent to .*\[redacted\]/);
    expect(value.access_token).toBe(TOKEN);
    expect(value.user).toEqual({ token: TOKEN, name: 'Ana' });
    // Any other call (`client.http`'s own, an address read): no credential field keeps it (review 93).
    const other = (await adapter().post('/auth/login', body)) as Record<string, unknown>;
    expect(leakIn(JSON.stringify(other), ALL)).toBeUndefined();
    expect(other.access_token).toBe('[redacted]');
    expect(other.user).toEqual({ token: '[redacted]', name: 'Ana' });
  });

  it('never leaks a canary, whatever shape the echo takes (property)', async () => {
    const http = adapter();
    type Piece = (r: EchoRequest) => unknown;
    const text: fc.Arbitrary<Piece> = fc.oneof(
      fc.string({ maxLength: 8 }).map((s) => () => s),
      fc.constantFrom<Piece>(
        (r) => r.raw,
        (r) => JSON.stringify(r.raw),
        (r) => encodeURIComponent(r.raw),
        (r) => String(r.headers.authorization),
        (r) => r.url,
        ...ALL.flatMap((s) =>
          formsOf(s).map(
            (f): Piece =>
              () =>
                f,
          ),
        ),
      ),
    );
    const joined = fc.array(text, { minLength: 1, maxLength: 4 }).map(
      (parts): Piece =>
        (r) =>
          parts.map((p) => String(p(r))).join(' '),
    );
    const { tree } = fc.letrec<{ tree: Piece }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        joined,
        fc.constant<Piece>((r) => r.json),
        fc.array(tie('tree'), { maxLength: 3 }).map(
          (items): Piece =>
            (r) =>
              items.map((i) => i(r)),
        ),
        fc
          .array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom('message', 'errors', 'password', '__proto__', 'code'),
                joined.map((j) => j),
              ),
              tie('tree'),
            ),
            { maxLength: 4 },
          )
          .map(
            (entries): Piece =>
              (r) => {
                const o: Record<string, unknown> = {};
                for (const [k, v] of entries) {
                  const key = typeof k === 'string' ? k : String(k(r));
                  Object.defineProperty(o, key, {
                    value: v(r),
                    enumerable: true,
                    writable: true,
                    configurable: true,
                  });
                }
                return o;
              },
          ),
      ),
    }));
    const status = fc.constantFrom(200, 401, 409, 422, 429, 500, 503);
    await fc.assert(
      fc.asyncProperty(tree, status, fc.boolean(), async (shape, code, asText) => {
        echo.answer = (r) => {
          const built = shape(r);
          return { status: code, body: asText ? `x${JSON.stringify(built)}` : (built ?? null) };
        };
        const outcome = await http.post(`/p?code=${QUERY_TOKEN}`, body).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if ('error' in outcome) {
          expect(isPamError(outcome.error)).toBe(true);
          expect(leakIn(everyView(outcome.error), ALL)).toBeUndefined();
        } else {
          // What the app gets: scrubbed but for its credential fields (which redactSecrets hides).
          expect(leakIn(JSON.stringify(redactSecrets(outcome.value)) ?? '', ALL)).toBeUndefined();
          const error = await rejectionOf(
            Promise.resolve().then(() =>
              parseResponse('p', z.strictObject({ never: z.literal(1) }), outcome.value),
            ),
          );
          expect(leakIn(everyView(error), ALL)).toBeUndefined();
        }
      }),
      { numRuns: 60 },
    );
  });
});
