import fc from 'fast-check';
import type { UserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { HOLD_MS, sessionSteps } from '../../machines/funnel/session-steps';
import { userCalls } from '../../machines/funnel/user-calls';
import { freeRestrictions } from '../support/free-restrictions';

// REVIEW-Z Z-4, over interleavings: changes asked through the user module (`setTimeoutLimits`),
// their answers (accepted, refused, an answer whose own event throws: an app clock), readings of the
// restrictions, login changes and time passing, in any order. The funnel's parts are driven directly
// (a stand-in session's inspection, simulated timers). Every reading is told exactly once, in the
// order read, stamped with the time it was read; one read while a change of its login waited (asked,
// not answered, within the bound) is told after that change's answer when it came within the bound
// and the login; none is held longer than `HOLD_MS`.

type Op =
  | { t: 'ask' }
  | { t: 'answer'; call: number; ok: boolean; throws: boolean }
  | { t: 'read' }
  | { t: 'login' }
  | { t: 'wait'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ t: 'ask' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant('answer' as const),
      call: fc.nat(7),
      ok: fc.boolean(),
      throws: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ t: 'read' as const }), weight: 3 },
  { arbitrary: fc.constant({ t: 'login' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant('wait' as const),
      ms: fc.constantFrom(100, 100, 5_000, 20_000, HOLD_MS - 1, HOLD_MS),
    }),
    weight: 2,
  },
);

const OFFSET = 1e12; // the server's clock, apart from the steady one
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

interface Asked {
  at: number;
  seq: number;
  login: number;
  run?: number;
  answeredAt?: number;
  answerSeq?: number;
  answerLogin?: number;
  /** When its login ended after it was asked (the time of the step that changed it). */
  loginEndedAt?: number;
  /** Where its answer was told (or would have been, when its event threw): the count of events then. */
  answerIndex?: number;
  settle?: (ok: boolean) => void;
}

/** Timers that fire each at its own time (the clock reads it while it fires). */
function timersAt() {
  let now = 0;
  let ids = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      due.set(++ids, { at: now + ms, fn });
      return ids;
    },
    clearTimeout: (id: unknown) => void due.delete(id as number),
    increment(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...due].sort(([, a], [, b]) => a.at - b.at)[0];
        if (!next || next[1].at > end) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = end;
    },
  };
}

async function run(ops: Op[]) {
  const clock = timersAt();
  const told: { type: string; at: number; run?: number; toldAt: number }[] = [];
  let throwNext = false;
  const emit = (e: { type: string } & Record<string, unknown>) => {
    if (throwNext && /^rg\.change(Accepted|Failed)$/.test(e.type)) {
      throwNext = false;
      throw new Error('app clock');
    }
    told.push({ ...(e as { type: string; run?: number }), at: (e.at as number) ?? -1, toldAt: clock.now() });
  };
  let runs = 0;
  const root = { sessionId: 'root', on: () => ({ unsubscribe() {} }) };
  const inspect = sessionSteps({
    emit,
    now: () => clock.now(),
    serverNow: () => clock.now() + OFFSET,
    timers: clock,
    nextRun: () => ++runs,
    appSources: [],
    playerIs: () => {},
    attach: () => {},
    stopped: () => {},
  });
  inspect({ type: '@xstate.actor', actorRef: root, rootId: 'root' } as unknown as InspectionEvent);
  let login = 1;
  let reads = 0;
  const snapshot = (r: object | null) =>
    inspect({
      type: '@xstate.snapshot',
      actorRef: root,
      rootId: 'root',
      event: { type: 'X' },
      snapshot: {
        status: 'active',
        context: { userId: 1, sid: login, restrictions: r },
        hasTag: (t: string) => t === 'signedIn',
      },
    } as unknown as InspectionEvent);
  snapshot(null);
  const asked: Asked[] = [];
  const pending: ((ok: boolean) => void)[] = [];
  const user = {
    setTimeoutLimits: () =>
      new Promise((resolve, reject) => pending.push((ok) => (ok ? resolve({}) : reject(new Error('no'))))),
  } as unknown as UserModule;
  const calls = userCalls({
    emit,
    now: () => clock.now(),
    nextRun: () => ++runs,
    prompt: undefined,
    hold: inspect.hold,
  });
  const wrapped = calls.wrap(user);
  const readings: { at: number; seq: number; login: number }[] = [];

  for (const [seq, o] of ops.entries()) {
    if (o.t === 'ask') {
      const a: Asked = { at: clock.now(), seq, login };
      asked.push(a);
      const from = told.length;
      wrapped.setTimeoutLimits({ user_pause: 3, reason: 1 } as never).catch(() => {});
      a.run = told.slice(from).find((e) => e.type === 'rg.changeRequested')?.run;
      await flush();
      a.settle = pending[asked.length - 1];
    } else if (o.t === 'answer') {
      const a = asked[o.call % Math.max(1, asked.length)];
      if (!a?.settle || a.answeredAt !== undefined) continue;
      a.answeredAt = clock.now();
      a.answerSeq = seq;
      a.answerLogin = login;
      throwNext = o.throws;
      a.answerIndex = told.length;
      a.settle(o.ok);
      await flush();
      throwNext = false;
    } else if (o.t === 'read') {
      readings.push({ at: clock.now(), seq, login });
      snapshot(freeRestrictions(++reads));
    } else if (o.t === 'login') {
      for (const a of asked) if (a.login === login) a.loginEndedAt ??= clock.now();
      login++;
      snapshot(null);
    } else {
      clock.increment(o.ms);
      await flush();
    }
  }
  // Everything still held goes out by the bound.
  clock.increment(HOLD_MS);
  await flush();

  const readEvents = told.filter((e) => e.type === 'rg.restrictionsRead');
  // Exactly once each, in the order read, stamped when read.
  expect(readEvents.map((e) => e.at)).toEqual(readings.map((r) => r.at + OFFSET));
  // When each is told: once every change that waited when it was read stopped waiting (its answer,
  // even one whose event threw; its login's end; its bound), and after the one read before it.
  let previous = 0;
  for (const [i, r] of readings.entries()) {
    const e = readEvents[i]!;
    const ends = asked
      .filter((a) => a.login === r.login && a.seq < r.seq && !(a.answerSeq! < r.seq))
      .map((a) => Math.min(a.answeredAt ?? Infinity, a.loginEndedAt ?? Infinity, a.at + HOLD_MS));
    previous = Math.max(previous, r.at, ...ends);
    expect({ reading: i, toldAt: e.toldAt }).toEqual({ reading: i, toldAt: previous });
    // Never held beyond the bound.
    expect(e.toldAt - r.at).toBeLessThanOrEqual(HOLD_MS);
    const index = told.indexOf(e);
    // After the answer of each change of its login that waited when it was read, when that answer
    // came within the bound and the login.
    for (const a of asked) {
      // (Asked before it was read, in its login, not answered before it, within the bound.)
      const waited = a.login === r.login && a.seq < r.seq && r.at < a.at + HOLD_MS && !(a.answerSeq! < r.seq);
      // (Answered within the bound, in the login it was asked in.)
      const answeredInTime =
        a.answeredAt !== undefined && a.answeredAt < a.at + HOLD_MS && a.answerLogin === a.login;
      if (waited && answeredInTime) expect(index).toBeGreaterThanOrEqual(a.answerIndex!);
    }
  }
  // (Every change asked told its request; every answer its event, unless it threw.)
  expect(told.filter((e) => e.type === 'rg.changeRequested').length).toBe(asked.length);
}

describe('funnel: the restrictions held while a change waits, over interleavings (REVIEW-Z Z-4)', () => {
  it('every reading told once, in order, stamped when read, after its changes\u2019 answers, within the bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        await run(ops);
      }),
      { numRuns: 500 },
    );
  });
});
