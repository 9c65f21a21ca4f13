import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport } from '../../src/index';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';
import { type EchoServer, startEchoServer } from './echo-server';
import { visibleText } from './helpers';

// REVIEW-L 5: a server that echoes PART of a secret (the first 20+ characters of the bearer token,
// the token with its end cut, a password less its last characters) or the signature of a
// pre-signed download link put it in HttpError.message. The rule now: in what an error carries,
// any run of 12 characters or more of a secret the call sent (or a token the adapter holds) counts
// as the secret; a download's unguessable query values (a link's
// signature, its credential) are secrets of that call.

let api: EchoServer;
let bucket: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
  bucket = await startEchoServer();
});
afterAll(() => Promise.all([api.close(), bucket.close()]));

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImlhdCI6MTcwMDAwMDAwMH0.Q9mZt7LkP2vR8sYhJ4nB6dG1cXwE0uIoTqKa-MbNlKt';

/** The runs of 12 characters of `secret` that `text` holds. */
const runsIn = (text: string, secret: string) => {
  const found: string[] = [];
  for (let i = 0; i + 12 <= secret.length; i++)
    if (text.includes(secret.slice(i, i + 12))) found.push(secret.slice(i, i + 12));
  return found;
};

const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );

describe('a part of a secret echoed in an error answer (REVIEW-L 5)', () => {
  it('the first characters of the bearer token, or the token less its end, in message, fields and text', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0, getAccessToken: () => JWT });
    const parts = [JWT.slice(0, 20), JWT.slice(0, 24), JWT.slice(0, -5), JWT.slice(40, 70)];
    for (const [status, body] of [
      [401, { message: `token ${parts[0]}... expired`, errors: { token: parts } }],
      [500, { message: `bad ${parts[2]}` }],
      [502, `<p>Bearer ${parts[1]}…</p><p>${parts[3]}</p>`],
    ] as const) {
      api.answer = () => ({ status, body });
      const error = (await failure(http.get('/auth/user-profile'))) as Error;
      expect(runsIn(error.message, JWT)).toEqual([]);
      expect(runsIn(visibleText(error), JWT)).toEqual([]);
    }
  });

  it('a password less its last characters, echoed by the login answer', async () => {
    const password = 'correct-horse-battery-staple';
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0 });
    api.answer = () => ({
      status: 422,
      body: { message: `password ${password.slice(0, 14)} is wrong`, errors: { [password.slice(3)]: ['x'] } },
    });
    const error = await failure(http.post('/auth/login', { login: 'ana@example.com', password }));
    expect(runsIn(visibleText(error), password)).toEqual([]);
  });

  it('any cut of the token (12 characters or more) in any place is hidden; what is not the token stays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9_-]{24,80}$/),
        fc.nat(),
        fc.integer({ min: 12, max: 80 }),
        fc.boolean(),
        async (token, from, length, text) => {
          const http = createOfetchAdapter({ baseURL: api.url, retry: 0, getAccessToken: () => token });
          const start = from % (token.length - 11);
          const part = token.slice(start, start + length);
          const message = `Token (${part}) refused`;
          api.answer = () => ({ status: 403, body: text ? message : { message } });
          const error = (await failure(http.get('/auth/user-profile'))) as Error & { body?: unknown };
          expect(runsIn(visibleText(error), token)).toEqual([]);
          const shown = text ? (error.body as string) : error.message;
          expect(shown).toMatch(/^Token \(.*\[redacted\].*\) refused$/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the signature of a pre-signed download link, whole or cut, echoed by the bucket', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0, timeout: REAL_TIME_TIMEOUT_MS });
    const signature = 'b4a5c7f0e1d2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c';
    const credential = 'AKIAIOSFODNN7EXAMPLE/20261130/sa-east-1/s3/aws4_request';
    const link = `${bucket.url}/reports/2025.pdf?X-Amz-Credential=${encodeURIComponent(credential)}&X-Amz-Expires=900&X-Amz-Signature=${signature}`;
    for (const message of [
      `The request signature ${signature} does not match`,
      `Signature ${signature.slice(0, 16)}… expired; credential ${credential}`,
      `GET ${link} denied`,
    ]) {
      bucket.answer = () => ({ status: 403, body: { message } });
      const error = (await failure(
        downloadIncomeReport(http, { download_url: link, reference_year: 2025 }),
      )) as Error;
      expect(error.message).not.toContain(signature.slice(0, 16));
      expect(runsIn(visibleText(error), signature)).toEqual([]);
      expect(runsIn(visibleText(error), credential)).toEqual([]);
    }
  });
});
