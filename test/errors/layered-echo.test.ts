import fc from 'fast-check';
import { createAuthModule, createOfetchAdapter, createUserModule, describeError, secret } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { ENCODERS, hostilePassword } from './encoders';
import { everyView } from './views';

// Issue 22.1, encodings one after another: a back end that htmlspecialchars, then urlencodes (or
// any two encoders in sequence) must not get the password onto any surface of the error.

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo?.close());

const http = () =>
  createOfetchAdapter({ baseURL: echo.url, getAccessToken: () => 'tok-abc.def', timeout: 3000, retry: 0 });

/** Every surface of a login error: views, toJSON, fieldErrors, describeError in both locales, body. */
async function surfacesOfLogin(password: string, echoed: (sent: string) => string): Promise<string> {
  echo.answer = (r) => {
    const x = echoed((r.json as { password: string }).password);
    return { status: 422, body: { message: `wrong: ${x}`, errors: { login: [x], [x]: [x] } } };
  };
  const error = await rejectionOf(createAuthModule(http()).login({ login: 'ana@example.com', password }));
  return [
    everyView(error),
    JSON.stringify((error as { toJSON(): unknown }).toJSON()),
    JSON.stringify(describeError(error)),
    JSON.stringify(describeError(error, { locale: 'pt-BR' })),
  ].join('\n');
}

const phpUrlencode = ENCODERS['PHP urlencode (space as +)']!;
const html = ENCODERS['htmlspecialchars (ENT_QUOTES, &#039;)']!;
const html5 = ENCODERS['htmlspecialchars ENT_HTML5 (&apos;)']!;
const addslashes = ENCODERS['PHP addslashes']!;
const allU = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('echoes encoded twice', () => {
  const cases: Array<[string, string, (s: string) => string]> = [
    ['htmlspecialchars then urlencode', "Pa'ss123", (s) => phpUrlencode(html(s))],
    ['addslashes then urlencode', "Pa'ss123", (s) => phpUrlencode(addslashes(s))],
    ['HTML twice (&#039;)', "Pa'ss123", (s) => html(html(s))],
    ['HTML twice (&apos;)', "Pa'ss123", (s) => html5(html5(s))],
    ['JSON \\u then urlencode', "Pa'ss123", (s) => encodeURIComponent(allU(s))],
    ['urlencode twice', 'Pa ss123', (s) => phpUrlencode(phpUrlencode(s))],
  ];
  for (const [name, password, encode] of cases) {
    it(`${name}: ${encode(password)} reaches no surface`, async () => {
      const surfaces = await surfacesOfLogin(password, encode);
      expect(surfaces).not.toContain(encode(password));
      expect(surfaces).not.toContain(password);
      expect(surfaces).toContain('[redacted]');
    });
  }

  it('a 2xx answer echoing password_check htmlspecialchars then urlencode is scrubbed', async () => {
    const pw = "Pa'ss123";
    echo.answer = (r) => ({
      status: 200,
      body: {
        message: `E-mail changed (${phpUrlencode(html((r.json as { password_check: string }).password_check))})`,
      },
    });
    const value = await createUserModule(http()).updateEmail({
      email: 'ana.new@example.com',
      password_check: secret(pw),
    });
    expect(JSON.stringify(value)).not.toContain(phpUrlencode(html(pw)));
    expect(JSON.stringify(value)).toContain('[redacted]');
  });

  it('secrets over the hostile characters, through any 2 encoders in sequence, never survive (property)', async () => {
    const names = Object.keys(ENCODERS);
    await fc.assert(
      fc.asyncProperty(
        hostilePassword,
        fc.constantFrom(...names),
        fc.constantFrom(...names),
        async (pw, a, b) => {
          const encode = (s: string) => ENCODERS[b]!(ENCODERS[a]!(s));
          const surfaces = await surfacesOfLogin(pw, encode);
          expect(surfaces, `${a} then ${b}`).not.toContain(encode(pw));
        },
      ),
      { numRuns: 150, seed: 2222 },
    );
  }, 60_000); // 150 runs of real decoding: seconds on a loaded machine, never a real wait
});

describe('control characters', () => {
  for (const pw of ['line\nbreak9', 'tab\there9', 'cr\rhere9']) {
    it(`${JSON.stringify(pw)} echoed as JSON, then urlencoded, reaches no surface`, async () => {
      const encode = (s: string) => phpUrlencode(JSON.stringify(s).slice(1, -1));
      const surfaces = await surfacesOfLogin(pw, encode);
      expect(surfaces).not.toContain(encode(pw));
      expect(surfaces).not.toContain(JSON.stringify(pw).slice(1, -1));
    });
  }
});
