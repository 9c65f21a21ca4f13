import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { openChannel } from '../../machines/environment';
import { storageChannel } from '../../machines/storage-channel';
import { storageOrigin } from '../support/storage-origin';

// REVIEW-T T-1: without BroadcastChannel the tabs fall back to localStorage's `storage` event.
// Over generated sequences (logins, refreshes, sync answers, notices, duplicates, a foreign script
// writing garbage under the key, storage refusing writes), with the session in a web store
// (shared localStorage) or a memory store: nothing secret is ever written under the channel's key;
// every sign-out and restriction notice reaches every other tab (as often as sent; a profile
// notice, personal data, is never written there); a
// session reaches the others only with the token of their own store, never one the message carried.

const NAME = 'pam-client:/api';
const STORE = 'pam-client.session';
const env = { app: 'pam-client', v: 1 };

type Cmd =
  | { kind: 'login' | 'refresh' | 'sync' | 'logout'; tab: number }
  | {
      kind: 'notice';
      tab: number;
      type: 'signedOut' | 'restricted' | 'profile' | 'refreshFailed' | 'syncRequest' | 'claim';
      dup: boolean;
    }
  | { kind: 'garbage'; value: string }
  | { kind: 'fail'; on: boolean };

const tab = fc.integer({ min: 0, max: 2 });
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constantFrom('login', 'refresh', 'sync', 'logout'), tab }) as fc.Arbitrary<Cmd>,
  fc.record({
    kind: fc.constant('notice' as const),
    tab,
    type: fc.constantFrom('signedOut', 'restricted', 'profile', 'refreshFailed', 'syncRequest', 'claim'),
    dup: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('garbage' as const),
    value: fc.oneof(
      fc.string(),
      fc.json(),
      fc.constant('{"type":"session","key":"pam-client.session","session":{"sid":1,"seq":1,"userId":7}}'),
      fc.constant('{"type":"session","key":"__proto__","session":null}'),
    ),
  }),
  fc.record({ kind: fc.constant('fail' as const), on: fc.boolean() }),
);

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('storage-event channel (no BroadcastChannel)', () => {
  it('never writes a secret; every notice reaches every other tab; a session only from their own store', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(cmd, { maxLength: 30 }), async (web, cmds) => {
        const origin = storageOrigin();
        const wins = [origin.window(), origin.window(), origin.window()];
        const got: unknown[][] = [[], [], []];
        const channels = wins.map((w, i) => {
          const c = storageChannel(NAME, w)!;
          c.addEventListener('message', (e) => got[i]!.push(e.data));
          return c;
        });
        const secrets: string[] = ['pw-SECRET'];
        let counter = 0;
        let sid = 0;
        /** Each tab's last session (a memory store's: its own). */
        const held: Array<Record<string, unknown> | null> = [null, null, null];
        const stored = () => (origin.map.has(STORE) ? JSON.parse(origin.map.get(STORE)!) : null);

        for (const c of cmds) {
          const before = got.map((g) => g.length);
          let expected: Array<{ type: string; count: number; token?: string }> = [];
          const from = 'tab' in c ? c.tab : -1;
          const post = (m: Record<string, unknown>) =>
            channels[from]!.postMessage({ ...env, from: `tab-${from}`, ...m });
          if (c.kind === 'fail') origin.failing = c.on;
          else if (c.kind === 'garbage') {
            if (!origin.failing) wins[0]!.localStorage.setItem(NAME, c.value);
          } else if (c.kind === 'login' || c.kind === 'refresh' || c.kind === 'sync') {
            let session = held[c.tab];
            if (c.kind !== 'sync' || !session) {
              const token = `tok-${++counter}-SECRET`;
              secrets.push(token);
              if (c.kind === 'login' || !session) sid = counter;
              session = {
                accessToken: token,
                tokenType: 'Bearer',
                expiresAt: null,
                savedAt: 1,
                userId: 7,
                seq: counter,
                sid,
              };
              held[c.tab] = session;
            }
            // A web store writes it where every tab reads it (nothing is written when it refuses).
            if (web && !origin.failing) wins[c.tab]!.localStorage.setItem(STORE, JSON.stringify(session));
            const token = session.accessToken as string;
            const inStore = web && stored()?.accessToken === token;
            post({
              type: 'session',
              session,
              reason: c.kind,
              user: { id: 7, token, note: `echo ${token}` },
            });
            if (inStore && !origin.failing) expected = [{ type: 'session', count: 1, token }];
          } else if (c.kind === 'logout') {
            if (web) wins[c.tab]!.localStorage.removeItem(STORE);
            held[c.tab] = null;
            post({ type: 'signedOut', at: 1, seq: counter, sid, reason: 'logout' });
            if (!origin.failing) expected = [{ type: 'signedOut', count: 1 }];
          } else if (c.kind === 'notice') {
            // A server's echo of this tab's token (its own, or the shared store's).
            const last = (held[c.tab] ?? stored())?.accessToken as string | undefined;
            const m = {
              signedOut: { at: 1, seq: counter, sid, reason: 'expired' },
              restricted: { kind: 'pause', userId: 7, sid },
              profile: {
                userId: 7,
                sid,
                at: 5,
                userInfo: {
                  id: 7,
                  user_pause: 1,
                  password: 'pw-SECRET',
                  ...(last && { token: last, echo: `x${last}` }),
                },
              },
              refreshFailed: { expired: false },
              syncRequest: {},
              claim: {},
            }[c.type];
            const times = c.dup ? 2 : 1;
            for (let i = 0; i < times; i++) post({ type: c.type, ...m });
            // (A profile notice is never written to web storage: personal data, REVIEW-V 2.)
            const delivered = c.type === 'profile' ? false : c.type !== 'claim' || (web && stored() !== null);
            if (!origin.failing && delivered) expected = [{ type: c.type, count: times }];
          }
          await flush();

          // Nothing secret under the channel's key, ever (nor half of it: any write holding a token).
          for (const [key, value] of origin.writes)
            if (key === NAME && c.kind !== 'garbage')
              for (const s of secrets) expect(value.includes(s), `${s} written`).toBe(false);
          if (c.kind === 'garbage') {
            // A foreign write: whatever arrives is checked by the schema, nothing throws.
            for (const g of got) for (const data of g) parseMessage(data);
            origin.writes.splice(0);
            continue;
          }
          if (c.kind === 'fail') continue;
          for (let t = 0; t < 3; t++) {
            const fresh = got[t]!.slice(before[t]);
            if (t === from) {
              expect(fresh).toEqual([]);
              continue;
            }
            const want = expected.reduce((n, e) => n + e.count, 0);
            expect(fresh.length).toBe(want);
            for (const data of fresh) {
              const m = parseMessage(data);
              expect('refused' in m ? m.refused : m.type).toBe(expected[0]!.type);
              if ('refused' in m) continue;
              if (m.type === 'session') expect(m.session.accessToken).toBe(expected[0]!.token);
              if (m.type === 'profile') {
                expect(m.userInfo).toEqual({ id: 7, user_pause: 1 });
              }
            }
          }
        }
        for (const ch of channels) ch.close();
      }),
      { numRuns: 150 },
    );
  });

  it('is none where localStorage cannot be used (blocked, full)', () => {
    const blocked = Object.defineProperty(new EventTarget(), 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    }) as EventTarget & { localStorage: Storage };
    expect(storageChannel(NAME, blocked)).toBeNull();
    const origin = storageOrigin();
    origin.failing = true;
    expect(storageChannel(NAME, origin.window())).toBeNull();
  });
});

describe('openChannel without BroadcastChannel', () => {
  it('falls back to the storage channel in a page, none outside one', () => {
    const g = globalThis as Record<string, unknown>;
    const saved = { document: g.document, window: g.window, BroadcastChannel: g.BroadcastChannel };
    const origin = storageOrigin();
    try {
      g.BroadcastChannel = undefined;
      expect(openChannel({}, NAME)).toBeNull();
      g.document = new EventTarget();
      g.window = origin.window();
      const channel = openChannel({}, NAME);
      expect(channel).not.toBeNull();
      channel?.close();
      // The app's own choice stands: none.
      expect(openChannel({ channel: null }, NAME)).toBeNull();
    } finally {
      Object.assign(g, saved);
      for (const k of ['document', 'window'] as const) if (saved[k] === undefined) delete g[k];
    }
  });
});
