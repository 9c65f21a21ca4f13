// Review 158: a custom `TokenStore` (README: "or any TokenStore": IndexedDB, a cookie bridge) may
// hand back a value that is no `StoredSession`. The restore checks it (`parseStoredSession`) and
// lands signed out, but a `client.http` call made at page load, while the session restores, reads
// the store raw (createPamClient's `token()`: `stored = read` when no login is held) and sends
// the token the restore refused: the player's profile is fetched for a tab that shows nobody
// signed in. And a stored object whose field getter throws (a lazily decrypting store) makes the
// restore fail with an untyped `unexpected` error, not the store's `StorageError`.
import type { TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, T0, useWorld } from '../support/world';
import { authed, record } from './kit';

const world = useWorld();
const storeOf = (value: unknown): TokenStore => ({ get: () => value as never, set() {}, clear() {} });

describe('review 158: a custom store value the restore refuses is never sent', () => {
  it.each([
    ['savedAt a string', { savedAt: 'yesterday', expiresAt: null }],
    ['expiresAt undefined', { savedAt: T0, expiresAt: undefined }],
    ['userId a string', { savedAt: T0, expiresAt: null, userId: '1' }],
  ])('%s: a client.http call made while restoring sends no token', async (_name, fields) => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const tab = world.open({
      channel: false,
      storage: storeOf({ accessToken: token, tokenType: 'Bearer', ...fields }),
    });
    const call = tab.client.http.get('/auth/user-profile').then(
      () => 'answered',
      (e: { code?: string }) => e.code,
    );
    await world.advance(3 * S);
    expect(tab.state()).toBe('signedOut');
    expect(await call).toBe('unauthorized');
    expect(authed(world).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('a stored object whose getter throws: the restore ends signed out with a typed StorageError', async () => {
    const stored = {
      get accessToken(): string {
        throw new Error('cannot decrypt');
      },
      tokenType: 'Bearer',
      expiresAt: null,
      savedAt: T0,
    };
    const tab = world.open({ channel: false, storage: storeOf(stored) });
    const told = record(tab);
    await world.advance(3 * S);
    expect(tab.state()).toBe('signedOut');
    expect(told.views.length).toBeGreaterThan(0);
    // A store that fails is told as the store's failure (`storage`), or as no session at all.
    expect([null, 'storage']).toContain(tab.client.view.error?.code ?? null);
  });
});
