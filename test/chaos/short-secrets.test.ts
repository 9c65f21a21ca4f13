import { inspect } from 'node:util';
import fc from 'fast-check';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { until } from '../support/event-loop';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { reachableStrings } from '../support/reachable';
import { clientRecordingInto } from '../support/recording-client';

// Review 5, D6: a short password (`hunt3r!`), an all-digit one (`19880721`) and the 2FA code
// (`482913`), echoed by a hostile API inside a longer string of a 2xx answer (the two-factor step's
// message, `user.name` of the success), reached `client.view.user.name`, the `signedIn` event, the
// inspector and the debug log. A secret of 2 characters or more standing as a token of its own is
// now redacted there; one inside a longer word or number is data and stays.

let api: EchoServer;
/** What the success answer puts in `user.name`, from the request that carries the code. */
let nameOf: (raw: string, code: string) => string = () => '';
beforeAll(async () => {
  api = await startEchoServer();
  api.answer = (request) => {
    const body = request.json as { two_factor_code?: string } | undefined;
    if (request.method === 'POST' && request.url === '/auth/login') {
      if (!body?.two_factor_code)
        return {
          status: 200,
          body: { type: 'two_factor_code', message: `Código enviado; you sent ${request.raw}` },
        };
      return {
        status: 200,
        body: {
          access_token: 'tok_ABCDEFGHIJKLMNOPQRSTUV_1',
          expires_in: 28_800,
          token_type: 'Bearer',
          user: { id: 1, email: 'p@example.com', name: nameOf(request.raw, body.two_factor_code) },
          userInfo: { ...PLAIN_USER_INFO, two_factor_enabled: true },
        },
      };
    }
    if (request.url === '/auth/user-profile')
      return { status: 200, body: { user: { id: 1, email: 'p@example.com' }, userInfo: PLAIN_USER_INFO } };
    return { status: 404, body: { message: 'Not found' } };
  };
});
afterAll(() => api?.close());

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/**
 * Signs in through the two-factor step; everything the client let out, as strings (none with
 * `record` false: a client without an inspector or a debug log, whose view is all a test reads,
 * signs in several times faster, so a property of many runs keeps its margin on a loaded machine).
 */
const SIGN_IN_NS = 60_000_000_000n;

async function signIn(password: string, code: string, record = true) {
  // One client at a time (a client left signed in by a failed run would talk to the next one).
  for (const c of clients.splice(0)) c.stop();
  const seen: unknown[] = [];
  const c = record
    ? clientRecordingInto(seen, api.url)
    : createPamClient({ baseURL: api.url, fetch: globalThis.fetch, timeout: 60_000, retry: 0 });
  clients.push(c);
  for (const type of ['signedIn', 'signIn.failed', 'signIn.codeRejected'] as const)
    c.on(type, (event) => seen.push(event, inspect(event, { depth: 8 })));
  c.subscribe((view) => seen.push(view));
  c.login({ login: 'p@example.com', password });
  // (A property's bound is its own, minutes: one sign-in of a loaded machine took past 10 s.)
  await until(
    () => c.view.status === 'twoFactorRequired',
    () => `the code step (${c.view.status}, ${c.view.error?.code ?? 'no error'}: ${c.view.error?.message})`,
    SIGN_IN_NS,
  );
  c.submitCode(code);
  await until(
    () => c.view.status === 'signedIn',
    () => `signed in (${c.view.status}, ${c.view.error?.code ?? 'no error'}: ${c.view.error?.message})`,
    SIGN_IN_NS,
  );
  seen.push(
    c.view,
    JSON.stringify(sessionActorOf(c).getSnapshot()),
    inspect(sessionActorOf(c).getSnapshot().context, { depth: 4 }),
    JSON.stringify(sessionActorOf(c).getPersistedSnapshot()),
  );
  return { c, everywhere: reachableStrings(seen) };
}

describe('chaos: short and all-digit secrets echoed inside 2xx strings', () => {
  it.each([
    ['hunt3r!', '482913'],
    ['19880721', '482913'],
  ])('password %s and code %s reach no view, event, debug line or inspection event', async (pw, code) => {
    nameOf = (raw, c) => `Código ${c} enviado; echo ${raw}; name ${pw} x`;
    const { c, everywhere } = await signIn(pw, code);
    expect(c.view.user?.name).toMatch(/^Código \[redacted\] enviado; echo .*; name \[redacted\] x$/);
    for (const s of [pw, code]) expect(everywhere.filter((t) => t.includes(s))).toEqual([]);
  });

  // Delimiters a token of its own may have around it (none joins it to a word or a number).
  const delimiter = fc.constantFrom(
    ' ',
    '  ',
    '"',
    "'",
    '(',
    ')',
    '[',
    ']',
    '=',
    ';',
    '!',
    '?',
    '\n',
    '\t',
    ': ',
    ', ',
  );
  const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9]{1,8}$/);
  const digits = fc.stringMatching(/^[0-9]{1,40}$/);
  const mixed = fc
    .string({ unit: fc.constantFrom(...'abcXYZ019!@#$%^&*()-_.+=~ç'), minLength: 1, maxLength: 40 })
    .filter((s) => /[^\d]/.test(s) && s.trim() === s);
  const secretOf = fc.oneof(digits, mixed).filter((s) => s.length >= 2);

  it('property (a): a secret of 2-40 characters placed as a token in random 2xx text is redacted everywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretOf,
        fc.constantFrom('password', 'code'),
        fc.array(word, { maxLength: 4 }),
        fc.array(word, { maxLength: 4 }),
        delimiter,
        delimiter,
        async (secret, which, before, after, left, right) => {
          const head = `${['Código', ...before].join(' ')}${left}`;
          const tail = `${right}${[...after, 'enviado'].join(' ')}`;
          // The text holds the secret only where it was put as a token.
          const text = `${head}${secret}${tail}`;
          fc.pre(text.indexOf(secret) === head.length && text.lastIndexOf(secret) === head.length);
          const [pw, code] = which === 'password' ? [secret, '4829'] : ['Secret-Passw0rd', secret];
          nameOf = () => text;
          const { c, everywhere } = await signIn(pw, code);
          expect(c.view.user?.name).toBe(`${head}[redacted]${tail}`);
          // A short secret ("00") is found in any data by chance: what must not be found is its echo,
          // the secret with what stood around it (and, for a password, the two-factor step's echo
          // of the request body).
          const echoes = [`${left}${secret}${right}`, `"password":${JSON.stringify(pw)}`];
          expect(everywhere.filter((t) => echoes.some((e) => t.includes(e)))).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
    // 20 recorded sign-ins: ~25 s alone, past 120 s at a load of 8 on 2 cores (twenty-first pass),
    // past 300 s at 14 (twenty-fourth pass; it then ran on under the next test and stopped its client).
  }, 900_000);

  it('property (b): a secret only inside a longer word or number leaves the text as it is', async () => {
    const joined = fc.oneof(
      // A number around an all-digit secret: more digits, a decimal part, a date, a time.
      fc.tuple(fc.constantFrom('1', '20', '2024-', '3.', '12:', '1,', 'x/'), fc.constant('')),
      fc.tuple(fc.constant(''), fc.constantFrom('0', '.50', '-07', ':30', ',5', '/2')),
      // A word around any secret.
      fc.tuple(fc.constantFrom('a', 'Ó', 'ref_', 'v-', 'user.'), fc.constantFrom('', 'x', '_1')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          digits.filter((s) => s.length >= 2),
          // Not an unambiguous one (8+ characters, not only digits): that one goes anywhere.
          fc.stringMatching(/^[a-z]{1,3}[0-9][a-z0-9!]{0,3}$/),
        ),
        fc.constantFrom('password', 'code'),
        joined,
        fc.array(word, { maxLength: 3 }),
        async (secret, which, [l, r], words) => {
          const text = [...words, `${l}${secret}${r}`, ...words].join(' ');
          fc.pre(!words.some((w) => w.includes(secret)));
          const [pw, code] = which === 'password' ? [secret, '4829'] : ['Secret-Passw0rd', secret];
          nameOf = () => text;
          const { c } = await signIn(pw, code, false);
          expect(c.view.user?.name).toBe(text);
        },
      ),
      { numRuns: 20 },
    );
  }, 300_000);
});
