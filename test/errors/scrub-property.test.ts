import fc from 'fast-check';
import { createAuthModule, createOfetchAdapter, describeError, isPamError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { ENCODERS, hostilePassword } from './encoders';
import { everyView, leakIn } from './views';

// Issue 27.1, as properties over real sockets (fixed seeds: reproducible):
// 1. a 2xx answer whose strings and keys hold a two-factor code or a short captcha token inside
//    longer values (amounts, phones, ids, words) comes back exactly as sent, and parses;
// 2. a password or an access token echoed anywhere in an answer (a value, part of a value, a key,
//    part of a key), in any back end's encoding, never reaches the value, an error, its
//    `fieldErrors` or `describeError`.

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo?.close());

/** Data text: no quote, backslash, `%` or `&`, so no value can decode to a secret by chance. */
const plain = fc.string({ unit: fc.constantFrom(...'abcdeXYZ0123456789 .,:-/+()@_R$'), maxLength: 12 });

/**
 * A string holding `secret` inside a longer value (never the whole of it), joined to a letter: a
 * short secret standing as a token of its own is redacted (review5 D6, test/errors/scrub-short-token).
 */
const embedding = (secret: string) =>
  fc
    .tuple(plain, plain)
    .filter(([a, b]) => (a + b).trim() !== '')
    .map(([a, b]) => `${a}x${secret}${b}`);

/** A random JSON object whose strings and keys often hold `secrets` inside longer text. */
function answerWith(secrets: readonly string[]) {
  const text = fc.oneof(plain, ...secrets.map(embedding));
  const isWhole = (s: string) =>
    secrets.some((x) => s.replace(/[\s"'\\]/g, '').toLowerCase() === x.toLowerCase());
  const leaf = fc.oneof(
    text.filter((s) => !isWhole(s)),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const key = text.filter((s) => !isWhole(s) && s !== '__proto__');
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  }));
  return fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 });
}

const code = fc.stringMatching(/^\d{1,6}$/);
const shortCaptcha = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,7}$/), fc.stringMatching(/^\d{8,20}$/));

describe('property: embedded codes never change a 2xx answer', () => {
  it('random answers with random embedded codes and short captcha tokens come back as sent', async () => {
    const http = createOfetchAdapter({ baseURL: echo.url, retry: 0, getAccessToken: () => 'tok-AbCdEfGh12' });
    await fc.assert(
      fc.asyncProperty(
        fc
          .tuple(code, shortCaptcha)
          .chain(([c, t]) => fc.tuple(fc.constant([c, t] as const), answerWith([c, t]))),
        async ([[two_factor_code, captcha_token], answer]) => {
          echo.answer = () => ({ status: 200, body: answer });
          const got = await http.post('/auth/login', { login: 'a@b.c', two_factor_code, captcha_token });
          expect(got).toEqual(JSON.parse(JSON.stringify(answer)));
        },
      ),
      { numRuns: 100, seed: 2701 },
    );
  }, 60_000);

  it('login answers whose amounts, phone, name and document hold the code parse, unchanged', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.url, retry: 0 }));
    const amount = fc.tuple(fc.nat(99_999), fc.nat(99)).map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`);
    const digits = fc.stringMatching(/^\d{8,13}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ credit: amount, bonus: amount, phone: digits, cpf: digits, name: plain }),
        fc.nat(),
        fc.nat(),
        async (fields, pick, length) => {
          // The code: a piece of one of the numeric strings, shorter than the whole.
          const numeric = [fields.credit, fields.bonus, fields.phone, fields.cpf];
          const source = numeric[pick % numeric.length]!;
          const size = 1 + (length % Math.min(6, source.length - 1));
          const start = pick % (source.length - size + 1);
          const two_factor_code = source.slice(start, start + size);
          fc.pre(!numeric.includes(two_factor_code));
          const user = {
            id: 7,
            email: 'a@b.c',
            name: `Ana ${fields.name} x${two_factor_code}`,
            phone: fields.phone,
            document: { type: 'cpf', number: fields.cpf },
            wallet: { real: { credit: fields.credit }, bonus: { credit: fields.bonus } },
          };
          echo.answer = () => ({
            status: 200,
            body: {
              access_token: 'tok-0123456789',
              expires_in: 3600,
              token_type: 'Bearer',
              user,
              userInfo: PLAIN_USER_INFO,
            },
          });
          const result = (await auth.login({ login: 'a@b.c', password: 'Secret123!', two_factor_code })) as {
            user: { phone?: string; document?: unknown; wallet: { real: { credit: unknown } } };
          };
          expect(JSON.stringify(result)).not.toContain('[redacted]');
          expect(result.user.phone).toBe(fields.phone);
          expect(result.user.document).toEqual(user.document);
          expect(result.user.wallet.real.credit).toBe(Number(fields.credit));
        },
      ),
      { numRuns: 100, seed: 2702 },
    );
  }, 60_000);
});

/** Where an echo lands in an answer. */
type Place = 'value' | 'inside a value' | 'key' | 'inside a key' | 'error key';

/** `answer` with `echoed` put at a place picked by `at` (a path of indexes into the answer). */
function plant(
  answer: Record<string, unknown>,
  echoed: string,
  place: Place,
  at: number,
): Record<string, unknown> {
  const objects: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      objects.push(v as Record<string, unknown>);
      Object.values(v).forEach(walk);
    }
  };
  const copy = structuredClone(answer);
  walk(copy);
  const target = objects[at % objects.length]!;
  if (place === 'value') target.echo = echoed;
  else if (place === 'inside a value') target.message = `Checked ${echoed} (again: ${echoed}).`;
  else if (place === 'key') target[echoed] = 1;
  else if (place === 'inside a key') target[`user.${echoed}`] = ['is wrong'];
  else copy.errors = { [echoed]: ['is wrong'], [`${echoed}_confirmation`]: ['does not match'] };
  return copy;
}

/** Passwords an echo cannot be mistaken for data with: 8+ characters, not only digits. */
const password = fc.oneof(
  hostilePassword.filter((p) => p.length >= 8),
  // A plain identifier, a key the server may echo as is. (One of letters only is a word field names
  // are made of: in a 2xx field name it counts only as a whole word, `strong_password`.)
  fc.stringMatching(/^[a-z]{4,8}[0-9]{1,4}[a-z0-9]{0,4}$/).filter((p) => p.length >= 8),
);
/** An access token: 16+ characters, never letters only (JWTs, base64 and hex tokens all hold more). */
const token = fc.stringMatching(/^[A-Za-z0-9._-]{16,40}$/).filter((t) => /[^A-Za-z]/.test(t) && /\D/.test(t));

describe('property: an echoed password or token reaches no value, error or description', () => {
  const places: Place[] = ['value', 'inside a value', 'key', 'inside a key', 'error key'];
  it('anywhere, in any encoding, in a 2xx answer or an error body', async () => {
    await fc.assert(
      fc.asyncProperty(
        password,
        token,
        fc.constantFrom(...Object.keys(ENCODERS)),
        fc.constantFrom(...places),
        fc.constantFrom('password', 'token'),
        fc.constantFrom(200, 401, 409, 422, 500),
        fc.nat(),
        answerWith([]),
        async (pw, tok, encoder, place, which, status, at, answer) => {
          const secret = which === 'password' ? pw : tok;
          const echoed = ENCODERS[encoder]!(secret);
          const body = plant(answer, echoed, place, at);
          echo.answer = () => ({ status, body });
          const http = createOfetchAdapter({ baseURL: echo.url, retry: 0, getAccessToken: () => tok });
          const sent = http.post('/bff/users/self-email', { email: 'x@y.z', password_check: pw });
          const seen =
            status === 200
              ? JSON.stringify(await sent)
              : await rejectionOf(sent).then((error) => {
                  expect(isPamError(error)).toBe(true);
                  return [
                    everyView(error),
                    JSON.stringify(describeError(error)),
                    JSON.stringify(describeError(error, { locale: 'pt-BR' })),
                  ].join('\n');
                });
          expect(seen.includes(echoed), `${place} ${encoder}`).toBe(false);
          expect(leakIn(seen, [secret]), `${place} ${encoder}`).toBeUndefined();
        },
      ),
      { numRuns: 200, seed: 2703 },
    );
  }, 60_000);
});
