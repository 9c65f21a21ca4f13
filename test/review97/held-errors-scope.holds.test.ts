// Review 97, HOLDS: what the held short secrets must still scrub from a later error, and what they
// must never touch (2xx answers, a file's headers, numbers, a step-up's code word).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { adapterOn, errorAfter, json, useRaw } from './helpers';

const ref = useRaw();
const PW = 'Hunter#2026';
const has = (e: unknown, s: string) =>
  JSON.stringify({ m: (e as Error).message, b: (e as { body?: unknown }).body }).includes(s);

describe('held short secrets: still scrubbed from later errors', () => {
  const cases: [string, unknown, string][] = [
    ['as is', { message: `rejected for ${PW}` }, PW],
    ['spaced out', { message: `rejected for ${[...PW].join(' ')}` }, [...PW].join(' ')],
    ['zero-width', { message: 'rejected for Hunter\u200b#2026' }, 'Hunter\u200b#'],
    ['URL-encoded', { message: 'rejected for Hunter%232026' }, 'Hunter%232026'],
    ['as a key', { errors: { [PW]: ['wrong'] } }, PW],
  ];
  for (const [name, body, leak] of cases)
    it(name, async () => {
      const e = await errorAfter(ref.raw, { password: PW }, json(422, body));
      expect(has(e, leak)).toBe(false);
    });

  it('a text (non-JSON) error body', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: PW },
      { status: 502, body: `bad gateway ${PW}`, contentType: 'text/plain' },
    );
    expect(String(e.body)).not.toContain(PW);
  });

  it('a 2FA code held is scrubbed from a later message, its JSON number left', async () => {
    const e = await errorAfter(
      ref.raw,
      { code: '482913' },
      json(422, { message: 'código 482913 inválido', id: 482913 }),
      {
        status: 200,
        body: '{}',
      },
    );
    expect(e.message).not.toContain('482913');
    expect((e.body as { id: number }).id).toBe(482913);
  });
});

describe('held short secrets: never in what they must not touch', () => {
  it('password "password": a later 422 password_check_required is still a step-up', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'password' },
      json(422, { code: 'password_check_required' }),
    );
    expect(e.code).toBe('step_up_required');
  });

  it('password "email": a later 2xx answer is untouched (keys and values)', async () => {
    const http = adapterOn(ref.raw);
    ref.raw.answer({ status: 401, body: '{}' });
    await http.post('/auth/login', { login: 'x', password: 'email' }).catch(() => undefined);
    ref.raw.answer(json(200, { email: 'email', message: 'email ok' }));
    expect(await http.get('/users/me')).toEqual({ email: 'email', message: 'email ok' });
  });

  it("code 000000: a later download's headers are untouched", async () => {
    const cd = 'attachment; filename="informe-2026-01-01T00:00:00.pdf"';
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': cd });
        res.end(req.url === '/two-factor' ? '{}' : 'PDF');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const http = createOfetchAdapter({
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        retry: 0,
      });
      await http.post('/two-factor', { code: '000000' }).catch(() => undefined);
      const got = (await http.get('/files/1.pdf', { responseType: 'blob' })) as unknown as {
        headers: Headers;
      };
      expect(got.headers.get('content-disposition')).toBe(cd);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
