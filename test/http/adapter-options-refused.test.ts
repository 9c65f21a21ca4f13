// REVIEW-O O-6: options that cannot work are a ConfigurationError naming the option when the
// adapter is created, not a `network` error at every later call.
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, isPamError, type OfetchAdapterOptions } from '../../src/index';

const base = 'https://api.example.com';
const refused: [string, string, Partial<OfetchAdapterOptions>][] = [
  ['a javascript: baseURL', 'baseURL', { baseURL: 'javascript:alert(1)' }],
  ['an ftp: baseURL', 'baseURL', { baseURL: 'ftp://files.example.com/api' }],
  ['a baseURL with credentials', 'baseURL', { baseURL: 'http://u:p@api.example.com' }],
  ['a baseURL with a password only', 'baseURL', { baseURL: 'https://:p@api.example.com' }],
  ['a header value with CR/LF', 'headers', { headers: { 'x-a': 'a\r\nb' } }],
  ['an invalid header name', 'headers', { headers: { 'x a': '1' } }],
  ['headers that are not an object', 'headers', { headers: 5 as never }],
  ['fetch: 5', 'fetch', { fetch: 5 as never }],
  ['onUnauthorized: 5', 'onUnauthorized', { onUnauthorized: 5 as never }],
  ["getAccessToken: 'tok'", 'getAccessToken', { getAccessToken: 'tok' as never }],
  ['sameLogin: true', 'sameLogin', { sameLogin: true as never }],
];

describe('adapter options that cannot work (O-6)', () => {
  for (const [what, option, options] of refused)
    it(`refuses ${what} at creation, naming ${option}`, () => {
      let error: unknown;
      try {
        createOfetchAdapter({ baseURL: base, ...options });
      } catch (e) {
        error = e;
      }
      expect(isPamError(error) && error.code).toBe('configuration');
      expect((error as Error).message).toContain(option);
    });

  it('still takes what works: http and https, a path, headers, functions, a relative baseURL with a fetch', () => {
    for (const options of [
      { baseURL: 'http://127.0.0.1:8080/api' },
      { baseURL: 'https://api.example.com/v1/', headers: { 'X-Tenant': 'br', accept: 'a/b' } },
      { baseURL: '/api', fetch: globalThis.fetch },
      { baseURL: base, getAccessToken: () => 't', onUnauthorized: async () => true, sameLogin: () => true },
      { baseURL: 'https://api.example.com/a@b' },
    ])
      expect(() => createOfetchAdapter(options)).not.toThrow();
  });
});
