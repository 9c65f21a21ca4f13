import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnder, stripQuery, targetOf } from '../../src/http/exchange';

const url = (base: string, path: string) => targetOf(base, path, false)?.url;

describe('targetOf: a path joined under baseURL', () => {
  it('puts exactly one slash between base and path', () => {
    expect(url('https://x.test', '/auth/login')).toBe('https://x.test/auth/login');
    expect(url('https://x.test/', '/auth/login')).toBe('https://x.test/auth/login');
    expect(url('https://x.test/', 'auth/login')).toBe('https://x.test/auth/login');
    expect(url('https://x.test', 'auth/login')).toBe('https://x.test/auth/login');
  });

  it('keeps a path prefix on the base', () => {
    expect(url('https://x.test/api/v1', '/users')).toBe('https://x.test/api/v1/users');
    expect(url('https://x.test/api/v1/', '/api/v1/users')).toBe('https://x.test/api/v1/api/v1/users');
  });

  it('keeps the query string as written (slashes and escapes in a query are data)', () => {
    expect(url('https://x.test/api', '/bff/users/login-history?page=1&a=%20b')).toBe(
      'https://x.test/api/bff/users/login-history?page=1&a=%20b',
    );
    expect(url('https://x.test/api', '/x?next=//y.test/%2F')).toBe('https://x.test/api/x?next=//y.test/%2F');
  });

  it('is on the base origin, under the base: the token goes', () => {
    expect(targetOf('https://x.test/api', '/users', false)).toEqual({
      url: 'https://x.test/api/users',
      sameOrigin: true,
    });
  });

  it('refuses whatever would resolve elsewhere (issue 27.2)', () => {
    for (const path of [
      '//evil.test/r.pdf',
      '/\\evil.test/r.pdf',
      '\\\\evil.test/r.pdf',
      '/%2F%2Fevil.test/x',
      '/%252f%252fevil.test/x',
      '/%5c%5cevil.test/x',
      '/../x',
      '/%2E%2E/x',
      'a/../../x',
      'https://x.test/api/users',
      'https://evil.test/x',
      'javascript:alert(1)',
    ])
      expect(targetOf('https://x.test/api', path, false), path).toBeUndefined();
  });

  it('a relative base (own fetch, no page) is held to the same rule', () => {
    expect(url('/api', '/users')).toBe('/api/users');
    expect(url('/api', '/../users')).toBeUndefined();
    expect(url('/api', '//evil.test/users')).toBeUndefined();
  });
});

describe('targetOf: what it answers without resolving the URL', () => {
  // A path with no dot and no `%` is joined without being parsed: the answer must be the one
  // resolving it gives (it is under the base), for any base and any such path.
  const bases = [
    'https://x.test',
    'https://x.test/',
    'https://x.test/api',
    'https://x.test/api//',
    'https://x.test/a/../api',
    'https://x.test/a/%2e%2e/api',
    'https://x.test/api?v=1',
    'https://x.test/api#top',
    'http://user@x.test:8080/v1/',
    '/api',
    'api',
  ];
  const piece = fc.oneof(
    fc.constantFrom(
      '/',
      '//',
      '?',
      '#',
      '@',
      ':',
      ';',
      ' ',
      '~',
      '&',
      '=',
      'a',
      'Z',
      '9',
      '\u00e9',
      'ｘ',
      '\t',
    ),
    fc.string({ maxLength: 2 }),
  );

  it('a target it gives is under baseURL, as URL resolution says (property)', () => {
    let targets = 0;
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.array(piece, { maxLength: 10 }), (base, pieces) => {
        const path = pieces.join('');
        const target = targetOf(base, path, false);
        // Refused (a control character, `//`, a backslash, a dot segment above the base): nothing to check.
        if (target === undefined) return;
        targets += 1;
        expect(isUnder(base, target.url)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(targets).toBeGreaterThan(1000);
  });

  it('still resolves, and refuses, a path with a dot segment', () => {
    expect(targetOf('https://x.test/api', '/../x', false)).toBeUndefined();
    expect(targetOf('https://x.test/api', '/a/%2e%2e/%2E%2e/x', false)).toBeUndefined();
    expect(targetOf('https://x.test/api', '/a/../b', false)?.url).toBe('https://x.test/api/a/../b');
    expect(targetOf('https://x.test/api', '/v1.2/x?next=../..', false)?.url).toBe(
      'https://x.test/api/v1.2/x?next=../..',
    );
  });
});

describe('targetOf for a download', () => {
  it('takes an absolute http(s) URL as is; the token only under baseURL (origin and path)', () => {
    expect(targetOf('https://x.test/api', 'https://cdn.test/file?x=1', true)).toEqual({
      url: 'https://cdn.test/file?x=1',
      sameOrigin: false,
    });
    expect(targetOf('https://x.test:443/api', 'https://X.TEST/api/other', true)?.sameOrigin).toBe(true);
    // Another service on the API's host (review 141).
    expect(targetOf('https://x.test:443/api', 'https://X.TEST/other', true)?.sameOrigin).toBe(false);
    expect(targetOf('http://127.0.0.1:8080', 'http://localhost:8080/r', true)?.sameOrigin).toBe(false);
    expect(targetOf('/api', 'https://x.test/users', true)?.sameOrigin).toBe(false);
  });

  it('refuses another scheme and a path that leaves the base', () => {
    for (const path of ['data:text/plain,hi', 'file:///etc/passwd', '//evil.test/r.pdf', '/../r.pdf'])
      expect(targetOf('https://x.test/api', path, true), path).toBeUndefined();
  });
});

describe('isUnder', () => {
  it('holds for the base path and below it, on the same scheme and host', () => {
    expect(isUnder('https://x.test/api', 'https://x.test/api')).toBe(true);
    expect(isUnder('https://x.test/api', 'https://x.test/api/')).toBe(true);
    expect(isUnder('https://x.test/api/', 'https://x.test/api/a/b?c')).toBe(true);
    expect(isUnder('https://x.test', 'https://x.test/anything')).toBe(true);
  });

  it('fails above or beside the base path, or on another origin', () => {
    expect(isUnder('https://x.test/api', 'https://x.test/apix')).toBe(false);
    expect(isUnder('https://x.test/api', 'https://x.test/other')).toBe(false);
    expect(isUnder('https://x.test/api', 'https://x.test/api/../x')).toBe(false);
    expect(isUnder('https://x.test/api', 'http://x.test/api/x')).toBe(false);
    expect(isUnder('https://x.test/api', 'https://x.test:8443/api/x')).toBe(false);
    expect(isUnder('https://x.test/api', 'not a url at all: ::')).toBe(false);
  });
});

describe('stripQuery', () => {
  it('drops query and fragment', () => {
    expect(stripQuery('/a/b?page=1')).toBe('/a/b');
    expect(stripQuery('/a/b#frag')).toBe('/a/b');
    expect(stripQuery('/a/b')).toBe('/a/b');
  });
});
