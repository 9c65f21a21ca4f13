// Review 158: a web token store holding a value that is corrupt or hostile (not JSON, the wrong
// shape, a token that cannot be a header value, times out of range, a huge value, a `__proto__`
// key) restores signed out: no crash, no request carrying it, the value removed, nothing left
// armed after stop().
import { createWebStorageTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { S, T0, useWorld } from '../support/world';
import { authed, KEY, MapStorage, record } from './kit';

const world = useWorld();
const ok = { tokenType: 'Bearer', expiresAt: null, savedAt: T0 };
const json = (v: unknown) => JSON.stringify(v);

const cases: Array<[string, string]> = [
  ['not JSON', '{"accessToken":"abc"'],
  ['JSON null', 'null'],
  ['an array', json([{ accessToken: 'abc', ...ok }])],
  ['a number', '42'],
  ['a JSON string', json(json({ accessToken: 'abc', ...ok }))],
  ['the wrong shape', json({ token: 'abc', type: 'Bearer' })],
  ['a token with CR/LF', json({ accessToken: 'abc\r\nX-Injected: 1', ...ok })],
  ['a token with a space', json({ accessToken: 'abc def', ...ok })],
  ['a non-ASCII token', json({ accessToken: 'tökén', ...ok })],
  ['a token with NUL', json({ accessToken: 'abc\u0000', ...ok })],
  ['an empty token', json({ accessToken: '', ...ok })],
  ['a huge token', json({ accessToken: 'a'.repeat(20_000), ...ok })],
  ['a huge token type', json({ accessToken: 'abc', ...ok, tokenType: 'B'.repeat(5_000) })],
  ['savedAt a string', json({ accessToken: 'abc', ...ok, savedAt: String(T0) })],
  ['savedAt Infinity (1e400)', `{"accessToken":"abc","tokenType":"Bearer","expiresAt":null,"savedAt":1e400}`],
  ['expiresAt "NaN"', json({ accessToken: 'abc', ...ok, expiresAt: 'NaN' })],
  ['a negative seq', json({ accessToken: 'abc', ...ok, seq: -1 })],
  ['a fractional sid', json({ accessToken: 'abc', ...ok, sid: 1.5 })],
  ['a userId string', json({ accessToken: 'abc', ...ok, userId: '1' })],
  ['the session under __proto__', `{"__proto__":${json({ accessToken: 'abc', ...ok })}}`],
  ['a huge value', json({ accessToken: 'abc', ...ok, pad: 'x'.repeat(2_000_000) }).replace('"abc"', '"a b"')],
];

describe('review 158: a corrupt or hostile stored value restores signed out', () => {
  it.each(cases)(
    '%s: signed out, nothing sent with it, removed, nothing armed after stop',
    async (_name, raw) => {
      const storage = new MapStorage();
      storage.map.set(KEY, raw);
      const tab = world.open({ channel: false, storage: createWebStorageTokenStore({ storage }) });
      const told = record(tab);
      await world.advance(3 * S);
      expect(tab.state()).toBe('signedOut');
      expect(sessionActorOf(tab.client).getSnapshot().status).toBe('active');
      expect(tab.client.view.status).toBe('signedOut');
      expect(authed(world)).toEqual([]);
      expect(storage.map.has(KEY)).toBe(false);
      expect(told.all()).not.toContain('abc');
      expect(({} as Record<string, unknown>).accessToken).toBeUndefined();
      tab.client.stop();
      await world.advance(2 * S);
      expect(world.timers).toBe(0);
      expect(world.server.requests).toEqual([]);
    },
  );
});
