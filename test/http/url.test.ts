import { describe, expect, it } from 'vitest';
import { isSameOrigin, joinURL, stripQuery } from '../../src/http/url';

describe('joinURL', () => {
  it('puts exactly one slash between base and path', () => {
    expect(joinURL('https://x.test', '/auth/login')).toBe('https://x.test/auth/login');
    expect(joinURL('https://x.test/', '/auth/login')).toBe('https://x.test/auth/login');
    expect(joinURL('https://x.test/', 'auth/login')).toBe('https://x.test/auth/login');
    expect(joinURL('https://x.test', 'auth/login')).toBe('https://x.test/auth/login');
  });

  it('keeps a path prefix on the base', () => {
    expect(joinURL('https://x.test/api/v1', '/users')).toBe('https://x.test/api/v1/users');
    expect(joinURL('https://x.test/api/v1/', '/api/v1/users')).toBe('https://x.test/api/v1/api/v1/users');
  });

  it('keeps the query string as written', () => {
    expect(joinURL('https://x.test/api', '/bff/users/login-history?page=1&a=%20b')).toBe(
      'https://x.test/api/bff/users/login-history?page=1&a=%20b',
    );
  });

  it('resolves a protocol-relative URL against the base origin (URL standard)', () => {
    expect(joinURL('http://x.test/api', '//evil.test/r.pdf')).toBe('http://evil.test/r.pdf');
    expect(joinURL('https://x.test/api', '/\\evil.test/r.pdf')).toBe('https://evil.test/r.pdf');
  });

  it('uses an absolute path as is', () => {
    expect(joinURL('https://x.test/api', 'https://cdn.test/file?x=1')).toBe('https://cdn.test/file?x=1');
  });
});

describe('isSameOrigin', () => {
  it('holds for relative paths and for absolute URLs on the base origin', () => {
    expect(isSameOrigin('https://x.test/api', '/users')).toBe(true);
    expect(isSameOrigin('https://x.test/api', '//x.test/users')).toBe(true); // protocol-relative, same host
    expect(isSameOrigin('https://x.test/api', 'https://x.test/other')).toBe(true);
    expect(isSameOrigin('https://x.test:443/api', 'https://X.TEST/other')).toBe(true);
  });

  it('fails for another scheme, host or port', () => {
    expect(isSameOrigin('https://x.test', 'http://x.test/users')).toBe(false);
    expect(isSameOrigin('https://x.test', 'https://y.test/users')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:8080', 'http://127.0.0.1:8081/users')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:8080', 'http://localhost:8080/users')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:8080', 'data:text/plain,hi')).toBe(false);
    expect(isSameOrigin('https://x.test/api', '//evil.test/users')).toBe(false);
    expect(isSameOrigin('https://x.test/api', '\\\\evil.test/users')).toBe(false);
    expect(isSameOrigin('/api', '//evil.test/users')).toBe(false);
  });

  it('fails when the base itself has no origin', () => {
    expect(isSameOrigin('/api', 'https://x.test/users')).toBe(false);
  });
});

describe('stripQuery', () => {
  it('drops query and fragment', () => {
    expect(stripQuery('/a/b?page=1')).toBe('/a/b');
    expect(stripQuery('/a/b#frag')).toBe('/a/b');
    expect(stripQuery('/a/b')).toBe('/a/b');
  });
});
