// Review 124, probe 10 (held): a password change answered 200 by a back end that echoes the old and
// new passwords (as whole values, inside a message, JSON-\u-escaped, under their own keys) resolves
// to a value without them (docs/contract.md, Scrubbing: 8+ characters, not only digits).
import { afterEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { useReferenceServer } from '../support/server';
import { hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});
const OLD = 'Old-Secr3t#pass';
const NEW = 'N3w&Secret<pass>';
const u = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('review 124: a 2xx echo of the passwords never reaches the caller (held)', () => {
  it('changePassword answered 200 with the passwords echoed', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p, body) =>
        m === 'POST' && p.startsWith('/users/change-password/')
          ? {
              status: 200,
              body: `{"success":true,"message":"changed from ${OLD} to ${u(NEW)}","data":${body},"${NEW}":true}`,
            }
          : undefined,
    );
    closers.push(proxy.close);
    const { id } = ctx.server.seed.plain;
    const token = ctx.server.issueToken(id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const value = await user.changePassword(id, {
      old_password: OLD,
      password: NEW,
      password_confirmation: NEW,
    });
    const text = JSON.stringify(value);
    expect(text).toContain('success');
    for (const leak of [OLD, NEW]) expect(text).not.toContain(leak);
  });
});
