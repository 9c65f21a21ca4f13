// DEFECTS 1: a stored session whose `savedAt` lies in the future of the restoring tab's clock (written
// by a tab whose clock ran ahead, or forged in localStorage). The restore took its stamps as they
// were, so the token was believed to live until the stored `expiresAt`: a session saved "30 days
// from now" with 1 h of life stayed signed in, its `expiresAt` 30 days away, long after its real
// life was over (every refresh failing): the expiry check never ended it (fail open). Now a save
// ahead of the restore's reading is the server's to confirm, as a past expiry is (the check also
// teaches the clock: a clock behind the server's, not taught yet, sees its own session ahead): no
// answer or a 401 and the session is not restored; live, and a save still ahead of the reading is
// pulled back to it, its life kept (never more than `MAX_TOKEN_LIFE_MS`), as for another tab's
// session; the store is told the same times, so the session it holds is still ours when it ends
// (a future `savedAt` left there looked newer, and was not cleared). A stored session carries no
// restriction stamp: after any restore the restrictions are unknown (no betting) until this
// login's first read, whatever its `savedAt` says (shown below, not a defect).
import fc from 'fast-check';
import { createMemoryTokenStore, type StoredSession, TimeoutError, UnauthorizedError } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, createActor, SimulatedClock, toPromise, waitFor } from 'xstate';
import { MAX_TOKEN_LIFE_MS } from '../../machines/session/order';
import { restoreSession } from '../../machines/session/restore-session';
import { createVault } from '../../machines/session/store';
import { turns } from '../support/event-loop';

const S = 1_000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const T0 = Date.UTC(2030, 0, 1);

const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

/** An auth whose refreshes all fail (not a 401: the session is kept); its profile read answers as `profile` says. */
function failingAuth(profile: Profile = 'live') {
  const calls = { refresh: 0, profile: 0 };
  const auth = {
    refreshToken: async () => {
      calls.refresh += 1;
      throw new TimeoutError('POST', '/users/refresh-token', 10_000);
    },
    getUserProfile: ({ signal }: { signal?: AbortSignal } = {}) => {
      calls.profile += 1;
      if (profile === 'live') return Promise.resolve({ user: { id: 7 } });
      if (profile === 'unauthorized')
        return Promise.reject(
          new UnauthorizedError({ status: 401, method: 'GET', path: '/auth/user-profile' }),
        );
      return new Promise<never>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      );
    },
    logout: async () => {},
  };
  return { auth, calls };
}

/** A session restored from `stored`, on a simulated clock at `T0` (server time `T0 + offset`). */
type Profile = 'live' | 'never' | 'unauthorized';

async function restored(stored: StoredSession, offset = 0, profile: Profile = 'live') {
  const clock = new SimulatedClock();
  clock.set(T0);
  const tokens = createMemoryTokenStore(stored);
  const { auth, calls } = failingAuth(profile);
  const actor = createActor(sessionMachine, {
    clock,
    input: {
      auth: auth as never,
      tokens,
      environment: {
        channel: null,
        timers: clock,
        now: () => clock.now(),
        serverNow: () => clock.now() + offset,
        random: () => 0.5,
      },
    },
  });
  actors.push(actor);
  actor.start();
  // The restore's check with the server waits on the simulated clock (at most RESTORE_CHECK_MS).
  for (let i = 0; i < 40 && actor.getSnapshot().hasTag('restoring'); i++) {
    await turns(3);
    clock.increment(S);
  }
  await waitFor(actor, (s) => !s.hasTag('restoring'), { timeout: 5_000 });
  return { actor, tokens, clock, calls };
}

/** Time passes (the session's timers fire), then a TICK judges the token at the clock's reading. */
async function pass(t: Awaited<ReturnType<typeof restored>>, ms: number, step = MIN) {
  for (let left = ms; left > 0; left -= step) {
    t.clock.increment(Math.min(step, left));
    await turns(3);
  }
  t.actor.send({ type: 'TICK' });
  await turns(5);
}

const stamped = (
  savedAt: number,
  lifeMs: number | null,
  extra: Partial<StoredSession> = {},
): StoredSession => ({
  accessToken: 'stored-token-abc',
  tokenType: 'Bearer',
  savedAt,
  expiresAt: lifeMs === null ? null : savedAt + lifeMs,
  timeBase: 'server',
  userId: 7,
  seq: 4,
  sid: 99,
  ...extra,
});

describe('a stored session saved in the future of the restoring clock', () => {
  it('is believed no longer than its life from now: past it (refreshes failing), the session expires', async () => {
    const t = await restored(stamped(T0 + 30 * D, H));
    expect(t.actor.getSnapshot().value).toBe('signedIn');
    expect(t.calls.profile).toBeGreaterThan(0); // the server was asked
    const { savedAt, expiresAt } = t.actor.getSnapshot().context;
    expect(savedAt).toBeLessThanOrEqual(T0);
    expect(expiresAt).toBeLessThanOrEqual(T0 + H);
    await pass(t, H + 2 * MIN);
    expect(t.calls.refresh).toBeGreaterThan(0);
    expect(t.actor.getSnapshot().value).toBe('signedOut');
    expect(t.actor.getSnapshot().context.signedOutReason).toBe('expired');
    // Its end clears the store: the stored session is the one that ended, not a newer one.
    expect(await t.tokens.get()).toBeNull();
  });

  it('the server refusing it (401): not restored, the store emptied', async () => {
    const t = await restored(stamped(T0 + 30 * D, 8 * H), 0, 'unauthorized');
    expect(t.actor.getSnapshot().value).toBe('signedOut');
    expect(await t.tokens.get()).toBeNull();
  });

  // (Review 104: no answer says nothing of the token; the pull-back is the fail-closed step. Before,
  // an outage at a reload within the half second a `Date` header rounds off signed the player out.)
  it('the server not answering: restored, pulled back to the reading (its life kept), stored so, no betting', async () => {
    const t = await restored(stamped(T0 + 30 * D, 8 * H), 0, 'never');
    const c = t.actor.getSnapshot().context;
    expect(t.actor.getSnapshot().value).toBe('signedIn');
    // (Pulled back to the reading after the 15 s the server was waited for.)
    expect(c.savedAt).toBeLessThanOrEqual(T0 + 15_000);
    expect(c.expiresAt! - c.savedAt!).toBeLessThanOrEqual(8 * H);
    expect(c.restrictions?.canBet).toBe(false);
    expect(await t.tokens.get()).toMatchObject({ savedAt: c.savedAt, expiresAt: c.expiresAt });
  });

  it('a stored session of the device clock (no time base) ahead of the device clock: the same', async () => {
    const t = await restored(stamped(T0 + 2 * D, H, { timeBase: undefined }), -5 * MIN);
    expect(t.actor.getSnapshot().context.expiresAt).toBeLessThanOrEqual(T0 + H);
    expect(t.actor.getSnapshot().context.savedAt).toBeLessThanOrEqual(T0);
  });

  it('an honest stored session (saved in the past) keeps its stamps exactly', async () => {
    const stored = stamped(T0 - 2 * H, 8 * H);
    const t = await restored(stored);
    const c = t.actor.getSnapshot().context;
    expect({ savedAt: c.savedAt, expiresAt: c.expiresAt }).toEqual({
      savedAt: stored.savedAt,
      expiresAt: stored.expiresAt,
    });
    expect(await t.tokens.get()).toEqual(stored);
  });

  it('its restrictions are unknown (no betting, no read time) until a read, whatever savedAt says', async () => {
    const t = await restored(stamped(T0 + 30 * D, 8 * H));
    const r = t.actor.getSnapshot().context.restrictions;
    expect(r?.status).toBe('unknown');
    expect(r?.canBet).toBe(false);
    expect(r?.checkedAt).toBeNull();
    expect(t.actor.getSnapshot().context.userInfoAt).toBeNull();
  });
});

// The property: generated stored records (saved from 10 days before to 10 days after the reading,
// lives from none to past the cap, either time base) and server-clock offsets.
const record = fc.record({
  savedOffset: fc.oneof(fc.integer({ min: -10 * D, max: 10 * D }), fc.constantFrom(0, 1, -1, 1e13, -1e12)),
  life: fc.oneof(
    fc.constant(null),
    fc.integer({ min: -H, max: 2 * MAX_TOKEN_LIFE_MS }),
    fc.constantFrom(1, 8 * H, MAX_TOKEN_LIFE_MS, 1e15),
  ),
  server: fc.boolean(),
  offset: fc.integer({ min: -D, max: D }),
  // The server's answer to the restore's check: live; none (offline, or a 401); live, and the
  // clock learns a server time as late as the save (this clock was behind the server's).
  answer: fc.constantFrom('live', 'none', 'learns'),
});

describe('property: a restore never believes a stamp from after its reading', () => {
  it('the restored stamps are at or before the reading, the life never grows, honest ones unchanged, the store agrees', async () => {
    await fc.assert(
      fc.asyncProperty(record, async ({ savedOffset, life, server, offset, answer }) => {
        const now = T0;
        let serverNow = T0 + offset;
        const base = server ? serverNow : now;
        const stored = stamped(base + savedOffset, life, server ? {} : { timeBase: undefined });
        const tokens = createMemoryTokenStore(stored);
        let asked = false;
        const auth = {
          getUserProfile: async () => {
            asked = true;
            if (answer === 'none') throw new TimeoutError('GET', '/auth/user-profile', 1);
            if (answer === 'learns') serverNow = Math.max(serverNow, stored.savedAt);
            return {} as never;
          },
        };
        const done = await toPromise(
          createActor(restoreSession, {
            input: { tokens, now: () => now, serverNow: () => serverNow, vault: createVault(), auth },
          }).start(),
        );
        // (0) Asked only for times the clock cannot place; a past expiry not confirmed: not
        // restored, the store emptied (a save only ahead, unanswered: pulled back, below).
        const ahead = savedOffset > 0;
        const past = life !== null && savedOffset + life <= 0;
        expect(asked).toBe(ahead || past);
        if (past && answer === 'none') {
          expect(done).toBeNull();
          expect(await tokens.get()).toBeNull();
          return;
        }
        expect(done).not.toBeNull();
        const meta = done!.meta;
        const metaBase = meta.timeBase === 'server' ? serverNow : now;
        // (1) Never saved after the reading.
        expect(meta.savedAt).toBeLessThanOrEqual(metaBase);
        if (life !== null) {
          // (2) The life never grows, and is never more than the cap.
          const kept = (meta.expiresAt as number) - meta.savedAt;
          expect(kept).toBeLessThanOrEqual(Math.max(0, Math.min(life, MAX_TOKEN_LIFE_MS)));
          // (3) Never believed past the reading plus the (capped) life.
          expect(meta.expiresAt as number).toBeLessThanOrEqual(
            metaBase + Math.min(Math.max(life, 0), MAX_TOKEN_LIFE_MS),
          );
        } else expect(meta.expiresAt).toBeNull();
        // (4) An honest record (saved at or before the reading, once the clock learned the server's
        // time, with a life within the cap, not past) is kept as is.
        const learned = answer === 'learns' && server && ahead;
        if (
          (savedOffset <= 0 || learned) &&
          (life === null || (life <= MAX_TOKEN_LIFE_MS && (learned ? life > 0 : savedOffset + life > 0)))
        )
          expect({ savedAt: meta.savedAt, expiresAt: meta.expiresAt }).toEqual({
            savedAt: stored.savedAt,
            expiresAt: stored.expiresAt,
          });
        // (5) The store holds the session the restore believes (its token, its times).
        const after = await tokens.get();
        expect(after?.accessToken).toBe(stored.accessToken);
        expect({ savedAt: after?.savedAt, expiresAt: after?.expiresAt }).toEqual({
          savedAt: meta.savedAt,
          expiresAt: meta.expiresAt,
        });
      }),
      { numRuns: 300, seed: 1101 },
    );
  });

  it('a session restored from any record ends by its reading plus its life when every refresh fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 * D }),
        fc.integer({ min: 2 * MIN, max: 8 * H }),
        fc.integer({ min: -H, max: H }),
        async (ahead, life, offset) => {
          const t = await restored(stamped(T0 + offset + ahead, life), offset);
          expect(t.actor.getSnapshot().value).toBe('signedIn');
          await pass(t, life + MIN, 5 * MIN);
          expect(t.actor.getSnapshot().value).toBe('signedOut');
          expect(await t.tokens.get()).toBeNull();
          t.actor.stop();
        },
      ),
      { numRuns: 25, seed: 1102 },
    );
  }, 60_000);
});
