import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';

// REVIEW-U U-4 (b): a 2xx answer to the call that sent a password (a login) echoing it
// base64-encoded (standard or url-safe, padded or not), in any nested field, must not hand it to
// the app, as an error body's echo never does.

const B64: Record<string, (s: string) => string> = {
  base64: (s) => Buffer.from(s).toString('base64'),
  'base64 unpadded': (s) => Buffer.from(s).toString('base64').replace(/=+$/, ''),
  base64url: (s) => Buffer.from(s).toString('base64url'),
  'base64url padded': (s) => Buffer.from(s).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
};

describe('a 2xx answer to a call echoing its secret base64-encoded', () => {
  it('property: the echo reaches no value, at any depth', async () => {
    const password = fc.stringMatching(/^[\w!@#$%&*+?=.-]{8,24}$/);
    await fc.assert(
      fc.asyncProperty(
        password,
        fc.constantFrom(...Object.values(B64)),
        fc.nat(2),
        async (pw, encode, depth) => {
          const echo = encode(pw);
          let field: unknown = { name: echo, note: `debug ${echo} end` };
          for (let i = 0; i < depth; i++) field = { nested: [field] };
          const fetch = async () =>
            new Response(
              JSON.stringify({
                user: { id: 7, profile: field },
                access_token: 'tok_abcdefghijklmnopqrstuvwxyz_0',
              }),
              {
                headers: { 'content-type': 'application/json' },
              },
            );
          const adapter = createOfetchAdapter({ baseURL: 'https://pam.example', fetch, retry: 0 });
          const value = await adapter.post('/auth/login', { login: 'ana@example.com', password: pw });
          const text = JSON.stringify(value);
          expect(text).not.toContain(echo);
          expect(text).toContain('[redacted]');
          expect(text).toContain('tok_abcdefghijklmnopqrstuvwxyz_0');
        },
      ),
      { numRuns: 150, seed: 27 },
    );
  });
});
