// Review 108, defect: two secrets that share a run of characters (neither holding the other) are
// scrubbed one after the other, so the first one's redaction breaks the second one's match and
// the second one's own characters around the shared run stay in the error. `heldSecrets`
// (src/http/held-secrets.ts `scrubberOf`, lines 77-86) chains one scrubber per held value (the
// longest first, then the oldest first) before the call's own (`chainScrubbers`): the token a
// refresh replaced redacts its run inside the live token (a token cut short is matched: the
// partial-echo rule), and the live token's scrubber then finds neither the whole token nor a run
// of it long enough, so its unique tail (up to 11 characters each side) reaches the
// `HttpError`'s message and `toJSON()`. "Longest first" only covers a secret that CONTAINS another.
// Real sockets: a raw server on 127.0.0.1 answers 403 echoing the bearer token it was sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { answerBytes, type RawServer, startRawServer } from './raw-server';

let s: RawServer;
beforeAll(async () => {
  s = await startRawServer();
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  // A back end that quotes what it was sent: the bearer token and the API key.
  s.answer = (r, sock) => {
    const body = JSON.stringify({
      message: `token ${r.headers.authorization?.slice(7)} rejected`,
      errors: { key: [`unknown key ${r.headers['x-api-key'] ?? ''}`] },
    });
    sock.end(answerBytes('403 Forbidden', { 'content-length': String(Buffer.byteLength(body)) }, body));
  };
});

/** Everything a logger could see of an error. */
const visible = (e: unknown) =>
  `${String((e as Error).message)} ${JSON.stringify(e)} ${JSON.stringify((e as { body?: unknown }).body)} ${JSON.stringify((e as { fieldErrors?: unknown }).fieldErrors)}`;

describe('review 108: overlapping secrets are scrubbed whole', () => {
  it("a refreshed token that shares its start with the one it replaced: none of it in the next call's error", async () => {
    // Opaque tokens of one session: the same `<user>.<session>.` and a short signature each.
    const OLD = 'pamsess.u1024.s88231.q7WZpLmNbV';
    const LIVE = 'pamsess.u1024.s88231.n3tY9RtEwQ';
    let token = OLD;
    const http = createOfetchAdapter({ baseURL: s.url, retry: 0, getAccessToken: () => token });
    const first = await http.get('/a').catch((e: unknown) => e);
    expect(visible(first)).not.toContain('q7WZpLmNbV');
    token = LIVE; // a refresh
    const second = await http.get('/b').catch((e: unknown) => e);
    expect(visible(second)).not.toContain('n3tY9RtEwQ');
  });

  it('a credential header whose value shares a run with the token: none of it in the error', async () => {
    const TOKEN = 'tokA1b2C3-SHAREDRUN-rev108-x-d4E5f6G7';
    const KEY = 'kq7WZpLmNb-SHAREDRUN-rev108-x-Vn3tY9RtEw';
    const http = createOfetchAdapter({
      baseURL: s.url,
      retry: 0,
      getAccessToken: () => TOKEN,
      headers: { 'x-api-key': KEY },
    });
    const e = await http.get('/c').catch((x: unknown) => x);
    const seen = visible(e);
    expect([seen.includes('kq7WZpLmNb'), seen.includes('Vn3tY9RtEw')]).toEqual([false, false]);
  });
});
