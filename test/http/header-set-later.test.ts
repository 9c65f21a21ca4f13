// A header the caller changes after creating the adapter (its `headers` object is read at every
// attempt) into one fetch's Headers refuses: the call fails as `configuration`, at once, never as
// `network` retried (review 128 noted it: a GET was retried, then failed `network`); nothing sent.
// Over generated names and values: whatever Headers refuses is `configuration`, whatever it takes is
// sent as is.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';

let url = '';
const seen: IncomingMessage[] = [];
const server = createServer((req, res) => {
  seen.push(req);
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":1}');
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const accepts = (name: string, value: string) => {
  try {
    new Headers({ [name]: value });
    return true;
  } catch {
    return false;
  }
};
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );

describe('a header changed after the adapter was made', () => {
  it('CR/LF in a value: configuration, not retried, nothing sent (GET and POST)', async () => {
    const headers: Record<string, string> = { 'X-A': 'v' };
    const http = createOfetchAdapter({ baseURL: url, headers, retry: 2 });
    headers['X-A'] = 'v\r\nX-Injected: 1';
    seen.length = 0;
    expect((await rejection(http.get('/x')))?.code).toBe('configuration');
    expect((await rejection(http.post('/x', { a: 1 })))?.code).toBe('configuration');
    expect(seen).toEqual([]);
  });

  it("property: refused exactly where fetch's Headers refuses; taken ones sent as is", async () => {
    const char = fc.oneof(
      fc.constantFrom('\r', '\n', '\0', '\t', ' ', 'é', 'ÿ', 'Ā', '€', ':', '"', '(', '\u2028'),
      fc.string({ minLength: 1, maxLength: 1 }),
    );
    const text = fc.array(char, { minLength: 1, maxLength: 6 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.constant('x-b')),
        fc.oneof(text, fc.constant('ok')),
        async (name, value) => {
          const headers: Record<string, string> = {};
          const http = createOfetchAdapter({ baseURL: url, headers, retry: 1 });
          headers[name] = value;
          seen.length = 0;
          const e = await rejection(http.get('/x'));
          if (accepts(name, value)) {
            expect(e).toBeNull();
            expect(seen[0]?.headers[name.toLowerCase()]).toBe(new Headers({ [name]: value }).get(name));
          } else {
            expect(e?.code).toBe('configuration');
            expect(seen).toEqual([]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
