// The proxy's logout rules over generated orders, on three instances sharing one store whose reads
// may lag or fail (fiftieth pass; the gap the forty-ninth pass's note left: reviews 62 to 73 found
// each of these faults by hand). One browser's cookie jar; logins, logouts whose tries name their
// logout, form posts, tabs' profile reads; answers delivered, lost or held on the wire and delivered
// later; each request reaching one of the three instances. Faults come and go as generated steps:
// an instance's reads answered by a replica that lags (as the store was some writes ago, at most
// `LAG_MS` behind: a tick past it lets the replica catch up), its reads of some keys failing, or
// its claims failing (only while its reads are sound: with no read and no claim it can trust, an
// instance cannot tell a late logout from a first one, and clears, REVIEW-P P1's chosen cost).
// What must hold, whatever the order and the faults:
// - an answer never clears a cookie the jar got since its request left while that cookie's login
//   is live (the player signed out of a live login, its token left at the API with no cookie);
// - a logout answered `204` leaves no token of the login it ended live at the API;
// - once the faults are over and the player signed out, no token of the browser is live at the API.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { BrowserJar, type Fate } from './browser-jar';
import { type TestClock, usePamPerTest } from './harness';
import { healthy, type ReplicaFaults, ReplicatedStore } from './replicated-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
/** How far a replica may lag behind the primary, in the clock's time. */
const LAG_MS = 2_000;
const INSTANCES = 3;

type Fault =
  | { kind: 'heal' }
  | { kind: 'lag'; back: number }
  | { kind: 'reads'; keys: string[]; lag: boolean }
  | { kind: 'claims' };
type Op =
  | { t: 'login'; at: number; held?: boolean }
  | { t: 'logout'; at: number; fate: Fate; named: boolean; form?: boolean }
  | { t: 'retry'; at: number; fate: Fate }
  | { t: 'read'; at: number; fate: 'ok' | 'held' | 'late' }
  | { t: 'endAtApi' }
  | { t: 'release'; at: number }
  | { t: 'tick'; ms: number }
  | { t: 'fault'; on: number; fault: Fault };

const at = fc.nat(INSTANCES - 1);
const fate = fc.constantFrom<Fate>('ok', 'lost', 'held');
const KEYS = ['end:', 'out:', 'win:', 'clr:', 'try:', 'lin:', 'rot:', 'lock:'];
const ONLY = process.env.FAULTS?.split(',');
const fault: fc.Arbitrary<Fault> = fc.oneof(
  ...[
    fc.constant({ kind: 'heal' } as const),
    fc.record({ kind: fc.constant('lag' as const), back: fc.nat(12) }),
    fc.record({
      kind: fc.constant('reads' as const),
      keys: fc.subarray(KEYS, { minLength: 1 }),
      lag: ONLY && !ONLY.includes('lag') ? fc.constant(false) : fc.boolean(),
    }),
    fc.constant({ kind: 'claims' } as const),
  ].filter((_, i) => !ONLY || ONLY.includes(['heal', 'lag', 'reads', 'claims'][i]!)),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('login' as const), at }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('login' as const), at, held: fc.constant(true) }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('logout' as const), at, fate, named: fc.boolean() }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant('logout' as const),
      at,
      fate,
      named: fc.constant(false),
      form: fc.constant(true),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ t: fc.constant('retry' as const), at, fate }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant('read' as const),
      at,
      fate: fc.constantFrom('ok' as const, 'held' as const, 'late' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ t: 'endAtApi' as const }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('release' as const), at: fc.nat(3) }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant('tick' as const),
      // (Past the cookie's idle end (2 h) too: a login not live, its cookie's clearing answers.)
      ms: fc.oneof(
        fc.integer({ min: 1, max: 5_000 }),
        fc.constant(IN_FLIGHT_MS + 1_000),
        fc.constant(2 * 3_600_000 + 1_000),
      ),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('fault' as const), on: at, fault }), weight: 3 },
);

/**
 * Orders found by this property once, kept (fiftieth pass; each failed on cbad7e0e). A tab's
 * logout (or form post) sent with C1, late on the wire, reaching an instance whose reads of `end:`
 * lag or of `lin:` fail, after a login sent with C1 replaced L1: a first logout to that instance, it
 * cleared the new login's cookie and, its lineage read stale or not at all, left that login live.
 * And a tab's poll answered 401 (its token revoked by that login) on an instance whose `end:` read
 * lagged: cleared as a token dead at the API. With each, whether `lin:` reads lag too (the first
 * and third need it to fail on cbad7e0e: with the lineage read current, that logout ended the new
 * login with the old).
 */
const EXAMPLES: [Op[], boolean][] = [
  [
    [
      { t: 'login', at: 0 },
      { t: 'logout', at: 2, fate: 'held', named: false },
      { t: 'fault', on: 2, fault: { kind: 'reads', keys: ['lock:'], lag: true } },
      { t: 'login', at: 0 },
      { t: 'read', at: 0, fate: 'ok' },
    ],
    true,
  ],
  [
    [
      { t: 'fault', on: 1, fault: { kind: 'reads', keys: ['lin:', 'lock:'], lag: false } },
      { t: 'login', at: 0 },
      { t: 'logout', at: 1, fate: 'held', named: false },
      { t: 'login', at: 0 },
      { t: 'release', at: 0 },
    ],
    false,
  ],
  [
    [
      { t: 'fault', on: 1, fault: { kind: 'lag', back: 0 } },
      { t: 'login', at: 0 },
      { t: 'logout', at: 1, fate: 'held', named: false, form: true },
      { t: 'login', at: 0 },
    ],
    true,
  ],
  [
    [
      { t: 'login', at: 0 },
      { t: 'logout', at: 1, fate: 'held', named: false },
      { t: 'login', at: 0 },
      { t: 'fault', on: 1, fault: { kind: 'reads', keys: ['end:', 'lin:', 'lock:'], lag: false } },
      { t: 'release', at: 0 },
    ],
    false,
  ],
  [
    [
      { t: 'login', at: 0, held: true },
      { t: 'fault', on: 1, fault: { kind: 'lag', back: 0 } },
      { t: 'read', at: 1, fate: 'held' },
      { t: 'login', at: 0 },
    ],
    false,
  ],
  // A login sent with C1 before C1's logout, late on the wire, sealed on an instance whose read of
  // the lineage's mark lagged (it replaced L1, which that logout had ended first); a later logout's
  // answer then cleared its cookie while its login, made in the ended lineage, was missed.
  [
    [
      { t: 'login', at: 0 },
      { t: 'login', at: 2, held: true },
      { t: 'logout', at: 0, fate: 'ok', named: false },
      { t: 'fault', on: 2, fault: { kind: 'lag', back: 5 } },
      { t: 'login', at: 0, held: true },
      { t: 'logout', at: 0, fate: 'held', named: false },
    ],
    false,
  ],
  // A login sent with C1 before C2's login, late on the wire, joined L1's lineage after a login
  // made C2; a form post with C2 reached an instance whose reads of the lineage's logins (`lin:`)
  // lagged: it missed that login and cleared its cookie (failed on be37dd99 too, an expected
  // failure there: each slot is now claimed for a millisecond beside its read).
  [
    [
      { t: 'login', at: 0 },
      { t: 'login', at: 0, held: true },
      { t: 'fault', on: 2, fault: { kind: 'lag', back: 0 } },
      { t: 'login', at: 0 },
      { t: 'logout', at: 2, fate: 'held', named: false, form: true },
      { t: 'release', at: 0 },
    ],
    true,
  ],
  // A form post on an instance whose claims failed ended L1 (its end written, its `fin:` claim
  // not); a login with no cookie made C2; a tab's logout with C1, late on the wire, reached an
  // instance whose `end:` read lagged: its own claim won, and it cleared C2 (a failed claim's
  // `fin:` is now written all the same).
  [
    [
      { t: 'login', at: 0, held: true },
      { t: 'logout', at: 2, fate: 'held', named: false },
      { t: 'fault', on: 1, fault: { kind: 'claims' } },
      { t: 'logout', at: 1, fate: 'ok', named: false, form: true },
      { t: 'login', at: 0, held: true },
      { t: 'fault', on: 2, fault: { kind: 'lag', back: 3 } },
    ],
    false,
  ],
  // No fault at all (found once the claims' clock moved, fiftieth pass): a lost logout, another
  // logout's answer, a minute, a login with the kept cookie (its successor lineage), a relogin in
  // flight with C2 and another landed; the one in flight, with C2 ended, joined the lineage, and a
  // logout with C3 cleared it.
  [
    [
      { t: 'login', at: 0 },
      { t: 'logout', at: 0, fate: 'lost', named: false },
      { t: 'logout', at: 0, fate: 'ok', named: false },
      { t: 'tick', ms: 61_000 },
      { t: 'login', at: 0 },
      { t: 'login', at: 0, held: true },
      { t: 'login', at: 0 },
      { t: 'logout', at: 0, fate: 'held', named: false },
    ],
    false,
  ],
  // Review 75 (HIGH, before release): a logout on a store whose claims read back after the clock
  // moved (unstorage's): a check held 1 ms was lost to nobody and the logout kept the cookie.
  [
    [
      { t: 'login', at: 0 },
      { t: 'logout', at: 1, fate: 'ok', named: true },
    ],
    false,
  ],
  // Review 75 (MEDIUM, found by hand, then by this property once its reads could be answered late):
  // the login's token ended at the API; a tab's poll answered 401, clearing, its answer slow on the
  // wire; a login sent with the same cookie sealed a new login; the poll's answer cleared its cookie.
  [
    [
      { t: 'login', at: 0 },
      { t: 'endAtApi' },
      { t: 'read', at: 1, fate: 'late' },
      { t: 'login', at: 2 },
      { t: 'release', at: 0 },
    ],
    false,
  ],
  // Fifty-first pass (found once ticks could pass the idle end; failed on e823508e): a form post
  // with the cookie of a login past its idle end, late on the wire, after the client's logout
  // cleared it and a login with no cookie set another: it cleared that one's.
  [
    [
      { t: 'login', at: 0 },
      { t: 'tick', ms: 2 * 3_600_000 + 1_000 },
      { t: 'logout', at: 0, fate: 'held', named: false, form: true },
      { t: 'logout', at: 0, fate: 'ok', named: false },
      { t: 'login', at: 0 },
    ],
    false,
  ],
  // And a tab's poll of a login past its idle end answered 401, late on the wire, then a form post
  // with that cookie, answered: it cleared the jar first, and the login made with no cookie met
  // no hold; the poll's answer cleared its cookie (failed on e823508e).
  [
    [
      { t: 'login', at: 0 },
      { t: 'tick', ms: 2 * 3_600_000 + 1_000 },
      { t: 'read', at: 0, fate: 'late' },
      { t: 'logout', at: 0, fate: 'ok', named: false, form: true },
      { t: 'login', at: 0 },
    ],
    false,
  ],
  // Fifty-second pass (seed -1534399959, failed on 7dfdbfcd; review 77's expected failure): a
  // tab's poll answered 401 (the token ended at the API), late on the wire; a form post with that
  // cookie on an instance whose claims fail took the login for live and cleared the jar (its
  // `endsFirst` not told of the poll's hold); the login made with no cookie was cleared by the poll.
  [
    [
      { t: 'login', at: 0, held: true },
      { t: 'fault', on: 2, fault: { kind: 'claims' } },
      { t: 'endAtApi' },
      { t: 'read', at: 0, fate: 'late' },
      { t: 'logout', at: 2, fate: 'ok', named: false, form: true },
      { t: 'login', at: 0, held: true },
      { t: 'fault', on: 0, fault: { kind: 'claims' } },
    ],
    false,
  ],
];
/** One kept order alone (`LOGOUT_EXAMPLE=<index>`): to see it fail on an older commit. */
const ONE = process.env.LOGOUT_EXAMPLE;

/** Quiet logouts met (the liveness check above ran: some generated orders hold one). */
let quietSeen = 0;

/**
 * One generated order, walked on three instances: `linLags`, a lagging replica's reads of the
 * lineage's logins (`lin:`) lag too (else they are current).
 */
async function walk(ops: Op[], linLags: boolean): Promise<void> {
  const store = new ReplicatedStore(clock);
  const faults: ReplicaFaults[] = Array.from({ length: INSTANCES }, healthy);
  const lagSince: number[] = Array.from({ length: INSTANCES }, () => 0);
  const instances = await Promise.all(
    faults.map((_, i) =>
      pam({
        graceMs: 0,
        store: store.view(() => ({ ...faults[i]!, lags: (key) => linLags || !key.startsWith('lin:') })),
      }),
    ),
  );
  // The judge: an instance on the primary, with no fault.
  const judge = await pam({ graceMs: 0, store: store.primary });
  const { email, password } = ref.server.seed.plain;
  const b = new BrowserJar(
    instances.map((fx) => fx.served.url),
    judge,
    ref.server.url,
    { email, password },
  );
  // A replica lags at most `LAG_MS`: past it, it has caught up.
  const catchUp = () => {
    faults.forEach((f, i) => {
      if (f.lagAt !== null && clock.now - lagSince[i]! > LAG_MS) f.lagAt = store.seq;
    });
  };
  for (const o of ops) {
    if (o.t === 'login') await b.login(o.at, o.held);
    else if (o.t === 'logout') {
      // Liveness (review 75): on a store with no fault, nothing else on the wire, a logout of the
      // live login the jar holds, answered, clears it (a probe lost to nobody kept every cookie).
      const quiet =
        o.fate === 'ok' &&
        b.held.length === 0 &&
        faults.every((f) => f.lagAt === null && !f.claimsFail && f.failReads.length === 0) &&
        b.jar !== null &&
        (await b.live(b.jar));
      await b.logout(o.at, o.fate, o.named, o.form);
      quietSeen += quiet ? 1 : 0;
      expect(quiet ? b.jar : null, 'a quiet logout of a live login kept its cookie').toBeNull();
    } else if (o.t === 'retry') await b.retry(o.at, o.fate);
    else if (o.t === 'read') await b.read(o.at, o.fate);
    else if (o.t === 'endAtApi') await b.endAtApi();
    else if (o.t === 'release') await b.release(o.at);
    else if (o.t === 'tick') {
      if (o.ms < IN_FLIGHT_MS || b.held.length === 0) clock.now += o.ms;
      catchUp();
    } else {
      const f = o.fault;
      const lagAt = Math.max(0, store.seq - (f.kind === 'lag' ? f.back : 0));
      lagSince[o.on] = clock.now;
      faults[o.on] =
        f.kind === 'heal'
          ? healthy()
          : f.kind === 'lag'
            ? { ...healthy(), lagAt }
            : f.kind === 'reads'
              ? { ...healthy(), failReads: f.keys, lagAt: f.lag ? lagAt : null }
              : { ...healthy(), claimsFail: true };
    }
  }
  await b.flush();
  for (let i = 0; i < INSTANCES; i++) faults[i] = healthy();
  expect(await b.signOut(0)).toEqual({ by204: [], afterLast: [] });
}

describe('logouts on three instances over a store whose reads lag or fail, in any order', () => {
  it('no answer clears a newer live login; a 204 leaves no token of its login live; the last logout leaves none', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), fc.boolean(), walk), {
      numRuns: ONE ? 1 : Number(process.env.LOGOUT_ORDER_RUNS ?? 40),
      examples: ONE ? [EXAMPLES[Number(ONE)]!] : EXAMPLES,
      ...(process.env.LOGOUT_SEED ? { seed: Number(process.env.LOGOUT_SEED) } : {}),
    });
    expect(ONE !== undefined || quietSeen > 0, 'no generated order held a quiet logout').toBe(true);
  }, 300_000);
});
