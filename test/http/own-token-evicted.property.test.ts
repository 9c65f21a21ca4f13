import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { visibleText } from './helpers';

// REVIEW-M LOW-4: the adapter scrubs the last 8 tokens it sent from every answer (a bounded set).
// A call's own token was scrubbed from its own answer only while it was among them: 8 calls with
// other tokens sent while it was in flight pushed it out, and the server's echo of it reached the
// call's error. Model: any interleaving of calls (each with a token of its own, a POST with a
// captcha token in its body, a GET with a code in its query) held by a hostile server on
// 127.0.0.1 until released in any order, each answer an error echoing everything the call sent.
// Invariant: no call's error (message, JSON, inspect, cause chain) holds its own token or secrets.

interface Held {
  res: ServerResponse;
  auth: string;
  body: string;
  url: string;
}
const waiting = new Map<string, Held>();
const arrived = new Map<string, () => void>();
let url = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c;
  });
  req.on('end', () => {
    const id = /\/call\/(\w+)/.exec(req.url ?? '')![1]!;
    waiting.set(id, { res, auth: req.headers.authorization ?? '', body, url: req.url ?? '' });
    arrived.get(id)?.();
  });
});
beforeAll(
  () =>
    new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        resolve();
      }),
    ),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Answers the held request `id` with an error echoing its header, body and URL. */
function release(id: string, text: boolean): void {
  const { res, auth, body, url: path } = waiting.get(id)!;
  waiting.delete(id);
  const echo = `refused ${auth} for ${body} at ${path}`;
  res.writeHead(text ? 502 : 422, { 'content-type': text ? 'text/plain' : 'application/json' });
  res.end(text ? echo : JSON.stringify({ message: echo, errors: { token: [echo] }, [auth.slice(7)]: 1 }));
}

// A step: start the next call (of a kind), or release the `n`th call still held (as JSON or text).
// (Starts three times as often: a call is often held while 8 or more others start.)
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ start: fc.constantFrom('get', 'post', 'query') }) },
  { weight: 1, arbitrary: fc.record({ release: fc.nat(), text: fc.boolean() }) },
);

describe('a call whose own token the adapter stopped holding while it was in flight (REVIEW-M LOW-4)', () => {
  it('never finds its token (nor its own secrets) in its own error', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 48 }), async (steps) => {
        run += 1;
        const http = createOfetchAdapter({ baseURL: url, retry: 0 });
        const open: { id: string; secrets: string[]; result: Promise<unknown> }[] = [];
        let n = 0;
        const settle = async (at: number, text: boolean) => {
          const [call] = open.splice(at, 1);
          release(call!.id, text);
          const error = await call!.result;
          const seen = visibleText(error);
          for (const s of call!.secrets) expect(seen).not.toContain(s);
        };
        for (const s of steps) {
          if ('release' in s) {
            if (open.length) await settle(s.release % open.length, s.text);
            continue;
          }
          const id = `r${run}c${n++}`;
          const token = `tok_${id}_${'k'.repeat(20)}`;
          const own = `cap_${id}_${'q'.repeat(20)}`;
          const got = new Promise<void>((resolve) => arrived.set(id, resolve));
          const path = `/call/${id}${s.start === 'query' ? `?code=${own}` : ''}`;
          const result = (
            s.start === 'post'
              ? http.post(path, { captcha_token: own }, { accessToken: token })
              : http.get(path, { accessToken: token })
          ).then(
            () => expect.unreachable('an error answer'),
            (e: unknown) => e,
          );
          await got;
          open.push({ id, secrets: s.start === 'get' ? [token] : [token, own], result });
        }
        while (open.length) await settle(0, false);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('an example: the 9th token sent meanwhile pushed the first one out', async () => {
    const http = createOfetchAdapter({ baseURL: url, retry: 0 });
    const mine = `tok_first_${'m'.repeat(24)}`;
    const got = new Promise<void>((resolve) => arrived.set('first', resolve));
    const result = http.get('/call/first', { accessToken: mine }).catch((e: unknown) => e);
    await got;
    for (let i = 0; i < 9; i++) {
      const id = `other${i}`;
      const there = new Promise<void>((resolve) => arrived.set(id, resolve));
      const other = http.get(`/call/${id}`, { accessToken: `tok_${id}_${'o'.repeat(24)}` }).catch(() => 0);
      await there;
      release(id, false);
      await other;
    }
    release('first', false);
    const error = (await result) as Error;
    expect(error.message).not.toContain(mine);
    expect(visibleText(error)).not.toContain(mine);
  });
});
