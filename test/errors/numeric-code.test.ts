import { createAuthModule, createOfetchAdapter, isPamError } from 'pam-client';
import { SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { everyView } from './views';

// A numeric 2FA code must not turn equal numbers of a 2xx answer into '[redacted]': ids, amounts
// and wallet fields are data. Numbers are redacted only in error bodies (where an echo lands).

let echo: EchoServer;
/** The reference server's login answer for the `paused` seed, as raw text. */
let reference: string;

beforeAll(async () => {
  const server = await startReferenceServer();
  try {
    const { email, password } = SEED_ACCOUNTS.paused;
    const res = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ login: email, password }),
    });
    reference = await res.text();
  } finally {
    await server.close();
  }
  echo = await startEchoServer();
});
afterAll(() => echo?.close());

const auth = () => createAuthModule(createOfetchAdapter({ baseURL: echo.url, timeout: 3000, retry: 0 }));

/** The answer with one name written as PHP's json_encode writes it (`\u00e7`). */
const phpEscaped = (raw: string) => raw.replace(/"name":"[^"]*"/, '"name":"Diego Ro\\u00e7ha"');

describe('a numeric 2FA code and the numbers of a login answer', () => {
  for (const code of ['000004', '000000', '000001', '123456']) {
    for (const [name, shape] of [
      ['as sent', (raw: string) => raw],
      ['with a \\u escape', phpEscaped],
    ] as const) {
      it(`code ${code}, answer ${name}: the login succeeds with its numbers intact`, async () => {
        const raw = shape(reference);
        expect(raw).toContain('"id":4');
        echo.answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: raw });
        const { email, password } = SEED_ACCOUNTS.paused;
        const result = await auth().login({ login: email, password, two_factor_code: code });
        expect(JSON.stringify(result)).not.toContain('[redacted]');
        expect((result as { user: { id: number } }).user.id).toBe(4);
      });
    }
  }

  it('an error body still has a numeric echo of the code redacted', async () => {
    echo.answer = () => ({
      status: 422,
      body: { message: 'The code is invalid.', errors: { two_factor_code: [4815] }, received: 4815 },
    });
    const { email, password } = SEED_ACCOUNTS.paused;
    const error = await auth()
      .login({ login: email, password, two_factor_code: '004815' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isPamError(error)).toBe(true);
    expect(everyView(error)).not.toContain('4815');
    expect((error as { body: { received: unknown } }).body.received).toBe('[redacted]');
  });
});
