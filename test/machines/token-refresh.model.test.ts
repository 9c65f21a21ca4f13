import { HttpError, shouldRefreshToken, UnauthorizedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  createMachine,
  fromPromise,
  getNextSnapshot,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { turns } from '../support/event-loop';

type Snapshot = SnapshotFrom<typeof tokenRefreshMachine>;

const SAVED = 'model-SAVED-token';
const NEW = 'model-NEW-token';
const unauthorized = new UnauthorizedError({ status: 401, method: 'POST', path: '/users/refresh-token' });
const unavailable = new HttpError({ status: 503, method: 'POST', path: '/users/refresh-token' });

// The wall clock stands still at 0 and the interval is the shortest (1 s); a token is saved 1 s
// in the past, so it is due at once, while a refreshed one (saved at 0) and a failure (backoff)
// are not: both branches of every check are reachable without time in the model. Timers still
// run on a SimulatedClock in the system under test.
const INTERVAL = 1_000;
const input = {
  auth: { refreshToken: () => Promise.reject(new Error('replaced by .provide()')) },
  intervalMs: INTERVAL,
  now: () => 0,
};

type NodeConfig = {
  invoke?:
    | { id: string; onDone?: unknown; onError?: unknown }
    | { id: string; onDone?: unknown; onError?: unknown }[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
};

/**
 * `createTestModel` refuses machines that invoke or use `after`: it walks pure transitions and
 * cannot run actors or timers. So the model is the machine's own config and implementations
 * (same states, guards and actions) with each outcome turned into the plain event XState would
 * deliver: `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<node id>`.
 */
function asTestModelMachine<T extends AnyStateMachine>(machine: T): T {
  const strip = (node: NodeConfig, path: string[]): NodeConfig => {
    const { invoke, after, on, states, ...rest } = node;
    const events: Record<string, unknown> = { ...on };
    for (const inv of invoke === undefined ? [] : [invoke].flat()) {
      events[`xstate.done.actor.${inv.id}`] = inv.onDone;
      events[`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    for (const [delay, transition] of Object.entries(after ?? {})) {
      events[`xstate.after.${delay}.${[machine.id, ...path].join('.')}`] = transition;
    }
    const children = states && Object.entries(states).map(([k, child]) => [k, strip(child, [...path, k])]);
    return { ...rest, on: events, ...(children ? { states: Object.fromEntries(children) } : {}) };
  };
  return createMachine(
    strip(machine.config as NodeConfig, []) as never,
    machine.implementations as never,
  ) as never;
}

const modelMachine = asTestModelMachine(tokenRefreshMachine);
const isDue = (s: Snapshot) => shouldRefreshToken(s.context.refresh, 0, { intervalMs: INTERVAL });

const model = createTestModel(modelMachine, {
  input,
  events: [
    // Each with the clock's reading (`at`): one without has an action read it first and is then
    // told again with it (issue 32.3: transitions read no clock), which a pure walk does not run.
    { type: 'TOKEN_SAVED', accessToken: SAVED, savedAt: -INTERVAL, at: 0 },
    { type: 'TICK', at: 0 },
    { type: 'REFRESH', at: 0 },
    { type: 'SIGN_OUT' },
    { type: 'xstate.done.actor.refresh', output: { access_token: NEW }, at: 0 },
    { type: 'xstate.error.actor.refresh', error: unauthorized, at: 0 },
    { type: 'xstate.error.actor.refresh', error: unavailable, at: 0 },
    { type: 'xstate.restore', at: 0 },
    { type: 'xstate.after.nextCheck.tokenRefresh.active.idle', at: 0 },
    { type: 'xstate.after.flightTimeout.tokenRefresh.active.refreshing', at: 0 },
  ] as AnyEventObject[] as never,
  // Finite: where it is, whether a refresh is due, and which error it keeps.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      due: isDue(s),
      error: s.context.error?.code ?? null,
    }),
});

interface Request {
  signal: AbortSignal;
  settled: boolean;
  resolve: (value: { access_token: string }) => void;
  reject: (error: unknown) => void;
}

/** The machine under test: fake refresh requests that the test settles by hand. */
function systemUnderTest() {
  const clock = new SimulatedClock();
  const requests: Request[] = [];
  const machine = tokenRefreshMachine.provide({
    actors: {
      refreshToken: fromPromise(
        ({ signal }) =>
          new Promise<{ access_token: string }>((resolve, reject) => {
            const request: Request = {
              signal,
              settled: false,
              resolve: (v) => {
                request.settled = true;
                resolve(v);
              },
              reject: (e) => {
                request.settled = true;
                reject(e);
              },
            };
            requests.push(request);
          }),
      ),
    },
  });
  const actor = createActor(machine, { input, clock });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const open = () => requests.filter((r) => !r.settled && !r.signal.aborted);
  return { clock, actor, emitted, open };
}

const flush = () => turns(1);

type Path = Pick<TestPath<Snapshot, AnyEventObject>, 'state' | 'steps' | 'weight'>;

const serialize = (s: Snapshot) =>
  JSON.stringify({ value: s.value, due: isDue(s), error: s.context.error?.code ?? null });

const title = (path: Path) =>
  `${serialize(path.state)} via ${path.steps
    .slice(1)
    .map(({ event }) => (event.error ? `${event.type}(${event.error.code})` : event.type))
    .join(' → ')}`;

/** Replays a model path on a fresh system under test, checking every state and every emit. */
async function walk(path: Path) {
  const sut = systemUnderTest();
  // The model state is an abstraction (many failure counts share one vertex), so the exact
  // context is compared with the pure model machine replayed along the same events.
  let replay: Snapshot = createActor(modelMachine, { input }).getSnapshot();
  const check = (expected: Snapshot) => {
    const actual = sut.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(isDue(actual)).toBe(isDue(expected));
    expect(actual.context.error?.code ?? null).toBe(expected.context.error?.code ?? null);
    expect(actual.value).toEqual(replay.value);
    expect(actual.context.refresh).toEqual(replay.context.refresh);
    expect(actual.context.error?.message ?? null).toBe(replay.context.error?.message ?? null);
    // A refresh in flight exactly while refreshing: the schedule the machine reads (`refreshSchedule`)
    // leaves a flight out (src/session/token.ts's `dueAt`), and the flight's guard and timeout read
    // its start unchecked.
    expect(actual.context.refresh.inFlightSince !== null).toBe(actual.matches({ active: 'refreshing' }));
    // One live request exactly while refreshing; every other was answered or aborted.
    expect(sut.open()).toHaveLength(actual.matches({ active: 'refreshing' }) ? 1 : 0);
    const text = JSON.stringify(actual) + JSON.stringify(sut.actor.getPersistedSnapshot());
    expect(text).not.toContain(SAVED);
    expect(text).not.toContain(NEW);
  };
  /** Plays one model event on the system under test and checks what it emitted. */
  const exec = async ({ event }: { event: AnyEventObject }) => {
    replay = getNextSnapshot(modelMachine, replay, event as never);
    const before = sut.emitted.length;
    let expected: AnyEventObject[] = [];
    if (event.type === 'xstate.done.actor.refresh') {
      sut.open()[0]?.resolve(event.output);
      expected = [{ type: 'tokenRefreshed', accessToken: NEW }];
    } else if (event.type === 'xstate.error.actor.refresh') {
      sut.open()[0]?.reject(event.error);
      expected = [
        event.error === unauthorized
          ? { type: 'sessionExpired' }
          : { type: 'refreshFailed', error: event.error },
      ];
    } else if (event.type.startsWith('xstate.after.')) {
      // Both timers are due within a minute and a ms (the flight's is lost OVER 60 s: Z-9).
      sut.clock.increment(60_001);
      if (event.type.includes('flightTimeout')) {
        expected = [{ type: 'refreshFailed', error: expect.objectContaining({ code: 'timeout' }) }];
      }
    } else {
      sut.actor.send(event as never);
    }
    await flush();
    expect(sut.emitted.slice(before)).toEqual(expected);
  };

  await model.testPath(path as Parameters<typeof model.testPath>[0], {
    states: { signedOut: check, 'active.idle': check, 'active.refreshing': check },
    events: Object.fromEntries(path.steps.map(({ event }) => [event.type, exec])),
  });
  sut.actor.stop();
  expect(sut.open()).toHaveLength(0);
}

describe('tokenRefreshMachine (model-based)', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  const adjacency = model.getAdjacencyMap();
  // Every transition: the shortest path to each state, then each event the state accepts.
  const edges: Path[] = paths.flatMap((p) =>
    Object.values(adjacency[serialize(p.state) as keyof typeof adjacency]?.transitions ?? {}).map(
      ({ event, state }) => ({
        state,
        steps: [...p.steps, { event, state }],
        weight: p.weight + 1,
      }),
    ),
  );

  it('reaches every state of the model and every transition', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(states).toEqual(new Set(['"signedOut"', '{"active":"idle"}', '{"active":"refreshing"}']));
    // signedOut ×2 (fresh, expired), idle ×4 (due, refreshed and not due, after a 503, after a
    // lost flight), refreshing ×3 (first, retry after a 503, retry after a lost flight).
    expect(paths.length).toBe(9);
    expect(Object.keys(adjacency)).toHaveLength(9);
    expect(edges.length).toBeGreaterThan(30);
  });

  describe('every shortest path', () => {
    for (const path of paths) it(title(path), () => walk(path));
  });

  describe('every transition', () => {
    for (const path of edges) it(title(path), () => walk(path));
  });
});
