// Review 110, probes that held: `restoreActor(sessionMachine, hostile, input)` with the token store
// holding the PAUSED player's token. Tried, each watched on every frame (subscribe), not only the
// last: a stored signed-in snapshot edited to `canBet: true` / restrictions `current` and free;
// another player's `user` / `userInfo` / `userId` under this player's token; a future `savedAt`
// (year 2100); an older version's snapshot (unknown keys, `v: 0`, a plain-object `error`);
// `__proto__` / `constructor` keys (JSON.parse makes them own keys); a 5,000-deep nested value;
// children (login, profile, playTime, refresh) planted in mid-flight states with a token and a
// password in their contexts. Held: `meta.restore: 'store'` starts the session again from the
// token store only: never `canBet: true` for the paused player, never the other player's data,
// nothing planted reaches a frame, no crash, no prototype pollution. (Real sockets: the reference
// server.)
import { createAuthModule, createMemoryTokenStore, createOfetchAdapter } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { restoreActor } from '../../machines/persistence';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const PLANTED_TOKEN = 'planted-ACCESS-token-rev110-0123456789';
const PLANTED_PASSWORD = 'planted-Password-rev110!';

/** `n` nested objects as JSON text (built as text: JSON.stringify of it overflows the stack). */
const deep = (n: number): string => `${'{"d":'.repeat(n)}"leaf"${'}'.repeat(n)}`;

function hostile(otherId: number) {
  const other = { id: otherId, email: 'other@example.com', name: 'Other Player', token: PLANTED_TOKEN };
  const free = { status: 'current', known: true, canBet: true, accountBlocked: false, pause: null };
  return `{"status":"active","value":{"signedIn":"idle"},"v":0,"historyValue":{},
    "context":{"user":${JSON.stringify(other)},"userInfo":{"user_pause":0,"spa_exclusion":0},
      "userId":${otherId},"savedAt":4102444800000,"expiresAt":4102444900000,"restrictions":${JSON.stringify(free)},
      "error":{"code":"x","message":"${PLANTED_PASSWORD}"},"accessToken":"${PLANTED_TOKEN}",
      "__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"deep":${deep(5000)}},
    "children":{
      "login":{"src":"login","status":"active","snapshot":{"status":"active","value":"verifyingCode","context":{"password":"${PLANTED_PASSWORD}","login":"other@example.com"}}},
      "refresh":{"src":"refresh","status":"active","snapshot":{"status":"active","value":{"active":"refreshing"},"context":{"token":"${PLANTED_TOKEN}"}}},
      "profile":{"src":"profile","status":"active","snapshot":{"status":"active","value":"reading","context":{"user":${JSON.stringify(other)}}}},
      "playTime":{"src":"playTime","status":"active","snapshot":{"status":"active","value":"on","context":{"limit":null}}}
    }}`;
}

describe('review 110: a hostile stored session snapshot (held)', () => {
  it('the paused player, restored under their own token: never free to bet, never another player, nothing planted shown', async () => {
    const { paused, plain } = ctx.server.seed;
    const tokens = createMemoryTokenStore();
    await tokens.set({
      accessToken: ctx.server.issueToken(paused.id),
      tokenType: 'bearer',
      expiresAt: null,
      savedAt: Date.now(),
      userId: paused.id,
    });
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
    });
    const stored = JSON.parse(hostile(plain.id));
    const frames: string[] = [];
    const bad: string[] = [];
    const again = restoreActor(sessionMachine, stored, { auth: createAuthModule(http), tokens });
    again.subscribe((s) => {
      const c = s.context as { user?: { id?: number } | null; restrictions?: { canBet?: boolean } | null };
      if (c.restrictions?.canBet === true) bad.push(`canBet true in ${JSON.stringify(s.value)}`);
      if (c.user && c.user.id !== paused.id) bad.push(`user ${c.user.id}`);
      frames.push(JSON.stringify(s.context));
    });
    again.start();
    await waitFor(
      again,
      // (Read again: known, the pause in force.)
      (s) => s.matches('signedIn') && s.context.restrictions?.known === true,
      { timeout: 10_000 },
    );
    expect(bad).toEqual([]);
    expect(again.getSnapshot().context.restrictions?.canBet).toBe(false);
    for (const f of frames) {
      expect(f).not.toContain(PLANTED_TOKEN);
      expect(f).not.toContain(PLANTED_PASSWORD);
      expect(f).not.toContain('Other Player');
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    again.stop();
  });
});
