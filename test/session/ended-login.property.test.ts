import fc from 'fast-check';
import {
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  type RefreshTokenResponse,
  type StoredSession,
} from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, type AnyActorRef, createActor, SimulatedClock } from 'xstate';
import { createCrossTab } from '../../machines/cross-tab';
import { servicesOf } from '../../machines/session/context';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { useReferenceServer } from '../support/server';

// Defects P1-P3 as one property (issues 26 and 32: time and order, a token of an ended login).
// One tab's session (the real machine: the tabs flow, the refresh cycle, the vault, a real login and
// logout against the reference server), driven by generated interleavings of: login, sign-out,
// a refresh started and its answer (early, late, after the sign-out), another tab's words (a newer
// session of a login that ended here, of the login held, its sign-out), forged refresh outcomes,
// and the clock stepped forward and back. After every command:
// - no token of a login that ended here remains (vault, store, context, snapshot);
// - no login that ended here is held again;
// - `expiresAt` is never past what a trusted answer gave: the latest reading of this tab's clock
//   (at an answer, or at another tab's word), plus the token's life.

const ctx = useReferenceServer();
const H = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 12);
/** The life of every token here: the login's `expires_in` (1 h), kept by each refresh. */
const LIFE = H;

type Session = Actor<typeof sessionMachine>;
interface Login {
  userId: number;
  sid: number;
  seq: number;
  /** The counter of its login word. */
  first: number;
  tokens: string[];
}

interface World {
  a: Session;
  other: ReturnType<typeof createCrossTab>;
  tokens: ReturnType<typeof createMemoryTokenStore>;
  /** The device clock (base and server time: no answer teaches another offset here). */
  clock: { now: number; max: number };
  /** Every token the vault was handed, by handle. */
  handles: Map<string, string>;
  pendingRefresh: { resolve: (r: RefreshTokenResponse) => void; login: Login | null } | null;
  held: () => Login | null;
  ended: Login[];
  issued: number;
}

const signed = (w: World) => w.a.getSnapshot().matches('signedIn');
const refreshChild = (w: World) =>
  (w.a.getSnapshot().children as Record<string, AnyActorRef | undefined>).refresh;

function open(): World {
  const hub = new FakeChannelHub();
  const immediate = {
    setTimeout: (f: () => void) => setImmediate(f) as unknown as number,
    clearTimeout: (id: unknown) => clearImmediate(id as never),
  } as never;
  const tab = (tabId: string) =>
    createCrossTab(hub.channel(), { tabId, random: () => 0, timers: immediate, now: () => w.clock.now });
  const tokens = createMemoryTokenStore();
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  const core = createAuthModule(http);
  let draw = 7;
  const w = {
    tokens,
    clock: { now: T0, max: T0 },
    handles: new Map<string, string>(),
    pendingRefresh: null,
    ended: [],
    issued: 0,
  } as unknown as World;
  let current: Login | null = null;
  w.held = () => {
    const c = w.a.getSnapshot().context;
    if (!signed(w) || c.sid === null || c.userId === null) return null;
    if (!current || current.sid !== c.sid || current.userId !== c.userId) {
      const known = [...w.ended].reverse().find((l) => l.sid === c.sid && l.userId === c.userId);
      current = known ?? { userId: c.userId, sid: c.sid, seq: c.seq ?? 0, first: c.seq ?? 0, tokens: [] };
    }
    current.seq = Math.max(current.seq, c.seq ?? 0);
    return current;
  };
  const auth = {
    ...core,
    login: async (...args: Parameters<typeof core.login>) => {
      const answer = await core.login(...args);
      w.clock.max = Math.max(w.clock.max, w.clock.now);
      return { ...answer, expires_in: LIFE / 1000 };
    },
    refreshToken: () =>
      new Promise<RefreshTokenResponse>((resolve) => {
        w.pendingRefresh = { resolve, login: w.held() };
      }),
  };
  const actorClock = new SimulatedClock();
  actorClock.set(T0);
  w.a = createActor(sessionMachine, {
    clock: actorClock,
    input: {
      auth,
      tokens,
      crossTab: tab('a'),
      environment: {
        now: () => w.clock.now,
        random: () => {
          draw = (draw * 48_271) % 2_147_483_647;
          return draw / 2 ** 31;
        },
      },
    },
  });
  w.other = tab('b');
  w.a.start();
  const vault = servicesOf(w.a.getSnapshot().context).vault;
  const put = vault.put.bind(vault);
  vault.put = (token) => {
    const handle = put(token);
    w.handles.set(handle, token);
    return handle;
  };
  return w;
}

/** After each command: the three rules. */
async function check(w: World) {
  await turns(15);
  const snapshot = w.a.getSnapshot();
  const vault = servicesOf(snapshot.context).vault;
  const stored = await w.tokens.get();
  const json = JSON.stringify(snapshot);
  for (const l of w.ended) {
    for (const token of l.tokens) {
      expect(
        [...w.handles].filter(([h, t]) => t === token && vault.has(h)),
        'in the vault',
      ).toEqual([]);
      expect(stored?.accessToken, 'in the store').not.toBe(token);
      expect(json.includes(token), 'in the snapshot').toBe(false);
    }
  }
  const held = w.held();
  if (held) {
    // Held again: it must be no login that ended here (a new one draws a new id).
    expect(
      w.ended.some((l) => l.sid === held.sid && l.userId === held.userId),
      'an ended login held again',
    ).toBe(false);
  }
  const { expiresAt } = snapshot.context;
  expect(expiresAt ?? 0, 'expiresAt past a trusted answer').toBeLessThanOrEqual(w.clock.max + LIFE);
}

type Cmd = fc.AsyncCommand<object, World>;
const cmd = (name: string, ok: (w: World) => boolean, run: (w: World) => Promise<void> | void): Cmd => ({
  check: () => true,
  async run(_, w) {
    // The readings this tab made (an answer, another tab's word judged at its reading): the bound.
    w.clock.max = Math.max(w.clock.max, w.clock.now);
    if (ok(w)) {
      await run(w);
      if (process.env.MODEL_DEBUG)
        console.log(name, w.a.getSnapshot().value, refreshChild(w)?.getSnapshot().value);
    }
    await check(w);
  },
  toString: () => name,
});

const login = cmd(
  'login',
  (w) => w.a.getSnapshot().matches('signedOut'),
  async (w) => {
    const { plain } = ctx.server.seed;
    w.a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
    await until(() => !w.a.getSnapshot().matches('signingIn'), 'the login answered');
    const held = w.held();
    const stored = await w.tokens.get();
    if (held && stored) held.tokens.push(stored.accessToken);
  },
);

const logout = cmd('logout', signed, async (w) => {
  const held = w.held();
  w.a.send({ type: 'LOGOUT' });
  if (held) w.ended.push(held);
  await until(() => !w.a.getSnapshot().matches('signingOut'), 'signed out');
});

const refreshStart = cmd(
  'refreshStart',
  (w) => signed(w) && w.pendingRefresh === null,
  async (w) => {
    w.a.send({ type: 'REFRESH' });
    await until(() => w.pendingRefresh !== null || !signed(w), 'the refresh sent');
  },
);

const refreshAnswer = cmd(
  'refreshAnswer',
  (w) => w.pendingRefresh !== null,
  (w) => {
    const p = w.pendingRefresh!;
    w.pendingRefresh = null;
    const token = `refreshed-${++w.issued}-${'x'.repeat(8)}`;
    p.login?.tokens.push(token);
    w.clock.max = Math.max(w.clock.max, w.clock.now);
    p.resolve({ access_token: token } as RefreshTokenResponse);
  },
);

/**
 * Another tab's word of a login that ended here: its refresh (told as such, or as a sync answer,
 * with any newer counter), or its login word replayed (its own counter: an honest tab never tells a
 * refreshed session as a login; a login word counted past the end is read as a new login).
 */
const otherEnded = (pick: number, reason: 'sync' | 'refresh' | 'login') =>
  cmd(
    `otherEnded(${pick}, ${reason})`,
    (w) => w.ended.length > 0,
    (w) => {
      const l = w.ended[pick % w.ended.length]!;
      const token = `other-${++w.issued}-${'y'.repeat(8)}`;
      l.tokens.push(token);
      const session: StoredSession = {
        accessToken: token,
        tokenType: 'Bearer',
        savedAt: w.clock.now,
        expiresAt: w.clock.now + LIFE,
        timeBase: 'server',
        userId: l.userId,
        seq: reason === 'login' ? l.first : l.seq + 1 + pick,
        sid: l.sid,
      };
      w.other.publishSession(session, reason, null);
    },
  );

/** Another tab's newer session of the login held, saved "in the future" (its clock ahead, or a lie). */
const otherHeldFuture = (ahead: number) =>
  cmd(`otherHeldFuture(${ahead})`, signed, (w) => {
    const l = w.held()!;
    const token = `ahead-${++w.issued}-${'z'.repeat(8)}`;
    l.tokens.push(token);
    w.other.publishSession(
      {
        accessToken: token,
        tokenType: 'Bearer',
        savedAt: w.clock.now + ahead,
        expiresAt: w.clock.now + ahead + LIFE,
        timeBase: 'server',
        userId: l.userId,
        seq: l.seq + 1,
        sid: l.sid,
      },
      'sync',
      null,
    );
  });

const otherSignsOut = cmd('otherSignsOut', signed, (w) => {
  const l = w.held()!;
  w.ended.push(l);
  w.other.publishSignedOut({ seq: l.seq, sid: l.sid, reason: 'logout' });
});

const forgedDone = cmd(
  'forgedDone',
  (w) => refreshChild(w)?.getSnapshot().matches({ active: 'refreshing' }) === true,
  (w) => {
    const l = w.held();
    (refreshChild(w) as unknown as { _send: (e: unknown) => void })._send({
      type: 'xstate.done.actor.refresh',
      output: { access_token: 'forged', at: 9e15, owner: { userId: l?.userId ?? null, sid: l?.sid ?? null } },
    });
  },
);

const step = (dt: number) =>
  cmd(
    `step(${dt})`,
    () => true,
    (w) => {
      w.clock.now += dt;
    },
  );

const commands = fc.commands(
  [
    fc.constant(login),
    fc.constant(logout),
    fc.constant(refreshStart),
    fc.constant(refreshAnswer),
    fc
      .tuple(fc.nat(3), fc.constantFrom('sync' as const, 'refresh' as const, 'login' as const))
      .map(([p, r]) => otherEnded(p, r)),
    fc.constantFrom(0, 1_000, 5 * H, 9e15 - T0).map(otherHeldFuture),
    fc.constant(otherSignsOut),
    fc.constant(forgedDone),
    fc.constantFrom(-3 * H, -60_000, 60_000, 2 * H).map(step),
  ],
  { maxCommands: 20, size: '+1' },
);

describe('ended logins, refresh answers, other tabs and clocks, interleaved (P1-P3)', () => {
  it('no token of an ended login remains, none is held again, expiresAt within a trusted answer', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const w = open();
        try {
          await until(() => !w.a.getSnapshot().matches('restoring'), 'started');
          await fc.asyncModelRun(() => ({ model: {}, real: w }), cmds);
        } finally {
          w.pendingRefresh?.resolve({ access_token: 'late' } as RefreshTokenResponse);
          w.a.stop();
        }
      }),
      { seed: 3226, numRuns: 80 },
    );
  }, 60_000);
});
