import { createAuthModule, createOfetchAdapter, describeError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTE_FORMS, inBody, UNICODE_FORMS } from '../errors/echo-forms';
import { everyView } from '../errors/views';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { PLAIN_USER_INFO } from '../support/login-answer';

// Review L1 over real sockets: a hostile API echoes the password it was sent in JavaScript
// `escape()` form, in another Unicode normal form, as mojibake, in CSS escapes, or as its UTF-8
// bytes in base64 or hex (alone or inside the whole body encoded), into a 422 JSON body, a 500
// text body and a 2xx answer written as PHP writes JSON (`\/`, `\u00e9`). No surface of the
// error, nor the value the app gets, may keep it.

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());

const PASSWORD = 'Senha-çãé/€1x';
const php = (raw: string) =>
  raw
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The echoes of the password, by form (a secret of 5 bytes or more: every byte form applies). */
const echoes: [string, string][] = [
  ...Object.entries(UNICODE_FORMS)
    .filter(([name]) => name !== 'NFC')
    .map(([name, form]): [string, string] => [name, form(PASSWORD)]),
  ...Object.entries(BYTE_FORMS).map(([name, form]): [string, string] => [name, form(PASSWORD)]),
  ['base64 of the whole body', inBody(PASSWORD, 11, 'base64').text],
];

const login = () => createAuthModule(createOfetchAdapter({ baseURL: api.url, retry: 0 }));

describe('chaos: a password echoed in Unicode and byte forms', () => {
  it.each(echoes)('%s: no surface of a 422 JSON error or a 500 text error keeps it', async (_, echo) => {
    for (const status of [422, 500]) {
      api.answer = () => ({
        status,
        body:
          status === 422
            ? { message: `wrong password ${echo}`, errors: { password: [echo] } }
            : `oops ${echo}`,
      });
      const error = await rejectionOf(login().login({ login: 'ana@example.com', password: PASSWORD }));
      const seen = [everyView(error), JSON.stringify(describeError(error))].join('\n');
      expect(seen.includes(echo), `${status}: ${seen.slice(0, 300)}`).toBe(false);
      expect(seen).toContain('[redacted]');
    }
  });

  it.each(echoes.filter(([name]) => name in UNICODE_FORMS))(
    '%s: a 2xx answer written as PHP writes JSON hands the app no echo',
    async (_, echo) => {
      api.answer = () => ({
        status: 200,
        body: php(
          JSON.stringify({
            access_token: 'tok_ABCDEFGHIJKLMNOPQRSTUV_1',
            expires_in: 3600,
            token_type: 'Bearer',
            user: { id: 1, email: 'ana@example.com', name: `Olá ${echo} (your password)` },
            userInfo: PLAIN_USER_INFO,
          }),
        ),
      });
      const result = await login().login({ login: 'ana@example.com', password: PASSWORD });
      const name = (result as { user: { name: string } }).user.name;
      expect(name.includes(echo), name).toBe(false);
      expect(name).toContain('[redacted]');
    },
  );
});
