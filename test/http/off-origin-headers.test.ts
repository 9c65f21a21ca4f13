// Review L2: a download on another origin (a storage bucket's pre-signed link) carries none of the
// app's configured headers. A header's name cannot say whether it is a credential (`X-Password`,
// `X-Jwt`, `X-Otp`, `X-Csrf`), so none goes (fail closed); the API's own origin gets them all.
// Two real servers on 127.0.0.1 (two ports: two origins).

import fc from 'fast-check';
import { createOfetchAdapter, downloadIncomeReport } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from './echo-server';

let api: EchoServer;
let bucket: EchoServer;
beforeAll(async () => {
  [api, bucket] = await Promise.all([startEchoServer(), startEchoServer()]);
  const file = () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF' });
  api.answer = file;
  bucket.answer = file;
});
afterAll(() => Promise.all([api?.close(), bucket?.close()]));

/** What the review sent (ad3.mjs): names that say nothing of being a credential, and some that do. */
const REVIEW = {
  'X-Password': 'pw1',
  'X-Jwt': 'jwt1',
  'X-Credential': 'cred1',
  'X-Bearer': 'b1',
  'X-Csrf': 'csrf1',
  'X-Otp': 'otp1',
  'X-Signature': 'sig1',
  'X-Passcode': 'pc1',
  'X-Access': 'acc1',
  'X-Tenant': 'tenant',
  'X-Api-Key': 'k1',
  Cookie: 'c1',
  'Proxy-Authorization': 'Basic pa1',
};

/** Header names a fetch accepts: a token of letters, digits and `-`, never a forbidden one. */
const headerName = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/)
  .filter(
    (n) =>
      !/^(?:host|connection|content-length|accept|transfer-encoding|keep-alive|upgrade|te|trailer|expect|date|via|proxy-|sec-)/i.test(
        n,
      ),
  );
const headerValue = fc.stringMatching(/^[A-Za-z0-9._~-]{1,24}$/).map((v) => `canary-${v}`);

async function download(headers: Record<string, string>, url: string) {
  const http = createOfetchAdapter({ baseURL: api.url, headers, getAccessToken: () => 'TOKEN-api-only' });
  await downloadIncomeReport(http, { download_url: url, reference_year: 2025 });
}

describe('a download on another origin', () => {
  it("carries none of the review's headers (only what a plain download needs)", async () => {
    await download(REVIEW, `${bucket.url}/r.pdf`);
    const seen = bucket.requests.at(-1)!.headers;
    for (const name of Object.keys(REVIEW)) expect(seen).not.toHaveProperty(name.toLowerCase());
    expect(seen).not.toHaveProperty('authorization');
    expect(seen.accept).toBe('*/*');
  });

  it('property: no configured header, whatever its name, reaches the other origin', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(headerName, headerValue, { minKeys: 1, maxKeys: 6 }),
        async (headers) => {
          const before = bucket.requests.length;
          await download(headers, `${bucket.url}/r.pdf`);
          const seen = bucket.requests[before]!.headers;
          for (const [name, value] of Object.entries(headers)) {
            expect(seen[name.toLowerCase()]).toBeUndefined();
            expect(JSON.stringify(seen)).not.toContain(value);
          }
        },
      ),
      { numRuns: 40, seed: 2702 },
    );
  });

  it("on the API's own origin keeps sending every configured header and the token", async () => {
    await download(REVIEW, `${api.url}/income-report/7/file`);
    const seen = api.requests.at(-1)!.headers;
    for (const [name, value] of Object.entries(REVIEW)) expect(seen[name.toLowerCase()]).toBe(value);
    expect(seen.authorization).toBe('Bearer TOKEN-api-only');
  });
});
