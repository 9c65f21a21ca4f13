// Review 102. Severity: LOW.
// What happens: review 100's `VALIDATE_DOCUMENT.answers` (src/auth/operations.ts:149-154) compares
// `documentText(answer.docnumber)` with the number asked as text. A back end that keeps the CPF as
// a number (a PHP/MySQL BIGINT column, json_encode'd as an integer) answers a CPF that begins with
// 0 (`012.345.678-90`, about one CPF in ten) as `1234567890`: the reader takes it as the text
// '1234567890', which is not '01234567890', and the verdict ON THE NUMBER ASKED is refused
// (`invalid_response`): registration shows the check `unavailable` for every such player.
// What should happen: the same number is the same document: a docnumber that differs from the
// one asked only by the zeros a number drops (11 digits when padded) is the number asked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let url = '';
let docnumber: unknown;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ docnumber, docnumber_valid: true, name: 'Ana Souza', birth_date: '1990-01-01' }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const verdict = (asked: string, answered: unknown) => {
  docnumber = answered;
  const auth = createAuthModule(createOfetchAdapter({ baseURL: url, retry: 0 }));
  return auth.validateDocument({ number: asked }).then(
    (a) => (a as { docnumber?: unknown }).docnumber,
    (e: { code?: string }) => e.code,
  );
};

describe('review 102: a document verdict for the number asked', () => {
  it('a CPF beginning with 0, answered as a JSON number, is the number asked', async () => {
    expect(await verdict('012.345.678-90', 1234567890)).not.toBe('invalid_response');
  });
});
