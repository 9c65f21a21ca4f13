// Which calls of the server-session client the proxy answers (machines/server-session/proxied.ts):
// only their 401 can end the held login (reviews 54, 55).
import { afterEach, describe, expect, it } from 'vitest';
import { proxied } from '../../machines/server-session/proxied';

const g = globalThis as { location?: unknown };
const had = g.location;
afterEach(() => {
  g.location = had;
});

describe('proxied', () => {
  it('a path is the proxy’s, page or none (the adapter joins it under the prefix)', () => {
    g.location = undefined;
    expect(['/auth/logout', 'report-file?id=7', '2fa:x', ''].map((p) => proxied('/pam', p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('a URL named in full is the proxy’s only on the page’s origin, under the prefix', () => {
    g.location = { href: 'https://casino.example/games/slots?x=1' };
    const urls = {
      'https://casino.example/pam/report-file?id=7': true,
      'https://casino.example/pam': true,
      'HTTPS://CASINO.EXAMPLE/pam/x': true,
      'https://casino.example/pam/../pam/x': true,
      'https://casino.example/pamx/report': false,
      'https://casino.example/other/pam/x': false,
      'https://casino.example/pam/../x': false,
      'https://casino.example:8443/pam/x': false,
      'http://casino.example/pam/x': false,
      'https://files.example/pam/x': false,
      'https://user@casino.example/pam/x': false,
      'blob:https://casino.example/1234': false,
      'data:text/plain,pam': false,
    };
    expect(Object.fromEntries(Object.keys(urls).map((u) => [u, proxied('/pam/', u)]))).toEqual(urls);
  });

  it('a URL named in full, with no page: never the proxy’s', () => {
    g.location = undefined;
    expect(proxied('/pam', 'https://casino.example/pam/x')).toBe(false);
  });
});
