import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { type EchoRequest, type EchoServer, startEchoServer } from './echo-server';
import { createOfetchAdapter as createOldAdapter } from './speed29-old/ofetch-adapter';

// SPEED29: the adapter makes an answer's scrubbers (the call's own secrets', a new held token's)
// once the request is written (a microtask), and takes the answer's scrubber again at the answer,
// of what is held then; before, it made it as fetch was called and again at the answer only when
// `hold` had changed what is held meanwhile. The oracle is the adapter of bbafd7cd, copied
// (./speed29-old/ofetch-adapter.ts). Over real sockets, any sequence of calls (alone or several
// started together, each with the store's token of the moment: more than the 8 held, so some are
// pushed out while their call is on its way), GET or POST with a password, a 2FA code, a captcha
// token, answered 2xx or with an error, echoing tokens sent now or before and the call's secrets,
// plain and encoded: every call gives what the old adapter gave (its value, or its error with its
// message, body and fields), to the character.

/** Token-like values (the adapter holds the last 8 it sent), more of them than it holds. */
const TOKENS = [
  'tok_A1b2C3d4E5f6G7h8I9j0-kL',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX3Rlc3Q',
  'QUJDREVGR0hJSktMTU5PUA==',
  'Zz9_short-token-99xyzQ',
  ...Array.from({ length: 8 }, (_, i) => `t${i}_Rk7vQ-wYx${i}Jz2_${'abcdefgh'[i]}Pq9LmN`),
];
const PASSWORDS = ['hunter2', 'Sécret 1!', 'Pa55-word_long'];
const CAPTCHA = 'cap_ZZ9-xyzQRS1234567890';

/** Ways a back end writes a value it echoes. */
const ENCODE: Record<string, (s: string) => string> = {
  plain: (s) => s,
  upper: (s) => s.toUpperCase(),
  uri: encodeURIComponent,
  base64: (s) => Buffer.from(s).toString('base64'),
  bearer: (s) => `Bearer ${s}`,
  glued: (s) => `x${s}482913`,
};

/** What an answer echoes: a token of the pool, the call's own token, or one of its secrets. */
const piece = fc.record({
  what: fc.oneof(
    fc.constantFrom('auth', 'password', 'code', 'captcha'),
    fc.nat({ max: TOKENS.length - 1 }).map((i) => `pool:${i}`),
    fc.constantFrom('Ana Souza', '2024-01-15', '482913.50', ''),
  ),
  form: fc.constantFrom(...Object.keys(ENCODE)),
});
type Piece = typeof piece extends fc.Arbitrary<infer P> ? P : never;
const answerBody = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    piece.map((p) => ({ $: p })),
    fc.integer(),
    fc.constantFrom(482913, null, true),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom('message', 'token', 'access_token', 'user', 'data', 'code', 'errors', 'password'),
      tie('value'),
      { maxKeys: 3 },
    ),
  ),
})).value;

const call = fc.record({
  token: fc.option(fc.nat({ max: TOKENS.length - 1 }), { nil: undefined }),
  post: fc.boolean(),
  password: fc.constantFrom(...PASSWORDS),
  code: fc.option(fc.constant('482913'), { nil: undefined }),
  captcha: fc.boolean(),
  status: fc.constantFrom(200, 200, 400, 422, 500),
  json: fc.boolean(),
  body: answerBody,
});
type Call = typeof call extends fc.Arbitrary<infer C> ? C : never;
/** Groups of calls, each group started in one turn (its calls in flight together). */
const script = fc.array(fc.array(call, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });

/** `value` with each piece written as the request asks (its token, its body's secrets). */
function resolve(value: unknown, request: EchoRequest): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, request));
  if (value && typeof value === 'object') {
    const p = (value as { $?: Piece }).$;
    if (p) {
      const body = (request.json ?? {}) as Record<string, string>;
      const auth = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const text = p.what.startsWith('pool:')
        ? TOKENS[Number(p.what.slice(5))]!
        : p.what === 'auth'
          ? auth
          : p.what === 'password' || p.what === 'code' || p.what === 'captcha'
            ? (body[{ password: 'password', code: 'two_factor_code', captcha: 'captcha_token' }[p.what]] ??
              '')
            : p.what;
      return ENCODE[p.form]!(text);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, request)]));
  }
  return value;
}

let server: EchoServer;
let calls: Call[] = [];
beforeAll(async () => {
  server = await startEchoServer();
  server.answer = (request) => {
    const c = calls[Number(/\/c\/(\d+)/.exec(request.url)?.[1])]!;
    const body = resolve(c.body, request);
    return { status: c.status, body: c.json ? (body ?? null) : `error: ${JSON.stringify(body)}` };
  };
});
afterAll(() => server?.close());

/** What each call of `groups` gives through an adapter made by `make`: its value, or its error. */
async function run(make: typeof createOfetchAdapter, groups: Call[][]): Promise<string[]> {
  let current: string | undefined;
  const http = make({ baseURL: server.url, getAccessToken: () => current, retry: 0 });
  const out: string[] = [];
  let i = 0;
  for (const group of groups) {
    const pending = group.map((c) => {
      const n = i++;
      current = c.token === undefined ? undefined : TOKENS[c.token];
      const body = {
        login: 'ana@example.com',
        password: c.password,
        ...(c.code && { two_factor_code: c.code }),
        ...(c.captcha && { captcha_token: CAPTCHA }),
      };
      return (c.post ? http.post(`/c/${n}`, body) : http.get(`/c/${n}?page=1`)).then(
        (value) => `value ${JSON.stringify(value)}`,
        (e: Record<string, unknown>) =>
          `error ${String(e)} ${JSON.stringify({ ...e, message: e.message, cause: String(e.cause) })}`,
      );
    });
    out.push(...(await Promise.all(pending)));
  }
  return out;
}

/**
 * `v` with every redaction widened to the word of a token's characters it is in (redactions side by
 * side as one): in what errors carry, a cut echo's redaction takes its whole word now, and a secret
 * beside a redaction may go with it (review 108: secrets sharing a run; seed 843453799:
 * `x[redacted]482913` then, `x[redacted][redacted]` now, the held code hidden too).
 */
const widened = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v).replace(/(?:[\w.+/=-]*\[redacted\])+[\w.+/=-]*/g, '[redacted]'));

describe('the answer scrubbers made once the request is written (SPEED29), as before', () => {
  it('property: every call of any sequence gives what the adapter of bbafd7cd gave', async () => {
    await fc.assert(
      fc.asyncProperty(script, async (groups) => {
        calls = groups.flat();
        const then = await run(createOldAdapter, groups);
        const now = await run(createOfetchAdapter, groups);
        expect(widened(now)).toEqual(widened(then));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('an echo of a token pushed out while its call was on its way is hidden, as before', async () => {
    // One call with the first token, then 8 others started with it: the first is no longer held
    // when its answer comes (REVIEW-M LOW-4), and its answer echoes it.
    const echoIt: Call = {
      token: 0,
      post: false,
      password: 'hunter2',
      code: undefined,
      captcha: false,
      status: 200,
      json: true,
      body: { message: { $: { what: 'auth', form: 'plain' } } },
    };
    const group = [echoIt, ...TOKENS.slice(1, 9).map((_, k) => ({ ...echoIt, token: k + 1 }))];
    calls = group;
    const now = await run(createOfetchAdapter, [group]);
    expect(now).toEqual(await run(createOldAdapter, [group]));
    expect(now[0]).toBe('value {"message":"[redacted]"}');
  });
});
