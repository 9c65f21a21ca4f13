// Review 102 (holds): review 100's document verdict check: the number asked, however it is
// written, passes; another number, however it is written, is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let url = '';
let answer: Record<string, unknown> = {};
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ASKED = '529.982.247-25';
const verdict = (given: Record<string, unknown>, asked = ASKED) => {
  answer = given;
  const auth = createAuthModule(createOfetchAdapter({ baseURL: url, retry: 0 }));
  return auth.validateDocument({ number: asked }).then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );
};

describe('review 102: document verdicts', () => {
  it.each([
    ['digits', '52998224725'],
    ['formatted', '529.982.247-25'],
    ['spaced', ' 529.982.247-25 '],
    ['Arabic-Indic digits', '٥٢٩٩٨٢٢٤٧٢٥'],
    ['a JSON number', 52998224725],
  ])('the number asked, %s: taken', async (_, docnumber) => {
    expect(await verdict({ docnumber, docnumber_valid: true, name: 'Ana' })).toBe('ok');
  });

  it.each([
    ['another CPF', '111.444.777-35'],
    ['a CNPJ holding the CPF', '52998224725000'],
    ['a longer number', '529982247250'],
    ['a valid-false verdict on another number', '11144477735', false],
  ])('%s: refused', async (_, docnumber, valid = true) => {
    expect(await verdict({ docnumber, docnumber_valid: valid, name: 'Other' })).toBe('invalid_response');
  });

  it('no docnumber, or an empty one: taken (the verdict names no other number)', async () => {
    expect(await verdict({ docnumber_valid: true })).toBe('ok');
    expect(await verdict({ docnumber: '', docnumber_valid: true })).toBe('ok');
  });
});
