import { isPamError, isTransientError, type PamError, ResponseValidationError } from 'pam-client';
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/**
 * Every machine keeps `context.error` as a PamError or null. A service that throws something
 * else (a bug, or a user's own actor given through `.provide()`) is reported as an unexpected
 * answer, keeping the original as `cause` for debugging; its message is not copied, since we
 * cannot know it is free of secrets.
 */
export function asPamError(error: unknown): PamError {
  if (isPamError(error)) return error;
  const name = error instanceof Error ? error.name : typeof error;
  const cause = new Error(name);
  cause.name = name;
  return new ResponseValidationError(
    'unexpected',
    [{ path: [], code: 'unexpected', message: 'unexpected failure' }],
    {
      message: `Unexpected failure (${name})`,
      cause,
    },
  );
}

// Errors are classified by brand and code (`isPamError` + `code`) and plain fields, never by
// `instanceof`: an auth module from the CJS build and machines from the ESM build (or two copies
// of the package) must still agree on what a 401, a 429 or a 503 is.

/** The HTTP status of an error from any copy of pam-client, else null. */
export function statusOf(error: unknown): number | null {
  if (!isPamError(error)) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

/** The server's `Retry-After`, in ms (0 when there is none). */
export function retryAfterMsOf(error: unknown): number {
  if (!isPamError(error)) return 0;
  const s = (error as { retryAfter?: unknown }).retryAfter;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? s * 1000 : 0;
}

/** Worth trying again later: no answer, a timeout, a 5xx or a 429 (the core's one definition, by brand). */
export const isTransient: (error: unknown) => boolean = isTransientError;

/** `value` when it is a finite number >= `min`, else `fallback` (undefined, NaN, too small). */
export const finiteOr = (value: number | undefined, fallback: number, min: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min ? value : fallback;

export interface BackoffOptions {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** 0..1: the share of the delay that is randomised (0.2 = ±10 %). */
  jitter?: number;
  random?: () => number;
}

/** Delay before try number `attempt` (0-based): base * factor^attempt, capped, with jitter. */
export function backoffDelay(attempt: number, o: BackoffOptions): number {
  const raw = Math.min(o.maxMs, o.baseMs * o.factor ** Math.max(0, attempt));
  const jitter = o.jitter ?? 0;
  if (jitter === 0) return Math.round(raw);
  const r = (o.random ?? Math.random)();
  return Math.max(0, Math.round(raw * (1 - jitter / 2 + jitter * r)));
}

/** setTimeout clamps anything above 2^31-1 ms to 1 ms; XState delays inherit that. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export const clampDelay = (ms: number): number => Math.min(MAX_TIMER_MS, Math.max(0, ms));

// --- Services and persistence --------------------------------------------------------------

/** How a restorable machine finds its services. */
export interface ServiceBinding<TInput, TContext> {
  /** The machine's name, for the error a restore without services throws. */
  name: string;
  /** The context keys that hold services (modules, the clock, page signals): never persisted. */
  keys: readonly (keyof TContext & string)[];
  /** The services from an actor's input; the context factory uses the same function. */
  fromInput: (input: TInput) => Partial<TContext>;
}

/**
 * The event an invoke `input` function sees when `restorable` computes it again for a child that
 * was running when the snapshot was persisted (a request that must not be re-sent can decline).
 */
export const RESTORE_EVENT = 'xstate.restore';

type Rec = Record<string, unknown>;
type DelayedNode = { after?: readonly { eventType: string; delay: number | string }[] };
type InvokeDef = { id: string; input?: unknown };
type NodeLike = { invoke?: readonly InvokeDef[]; states?: Record<string, NodeLike> };

/** The fresh input a parent computed for a child it is restoring (in memory only, never JSON). */
const FRESH_INPUT = Symbol('pam.freshInput');

function invokesById(root: NodeLike): Map<string, InvokeDef> {
  const found = new Map<string, InvokeDef>();
  const walk = (node: NodeLike) => {
    for (const def of node.invoke ?? []) found.set(def.id, def);
    for (const child of Object.values(node.states ?? {})) walk(child);
  };
  walk(root);
  return found;
}

/**
 * Makes a machine whose context holds services safe to persist and restore. XState persists
 * the whole context (JSON turns a service into `{}` and drops a function), and a restored actor
 * neither runs the context factory nor re-evaluates its children's invoke inputs, so the fresh
 * `input` given with a snapshot would be ignored. With `restorable`:
 *
 * - `getPersistedSnapshot` leaves the service keys out of the context, and each child's `input`
 *   out of its snapshot (it is computed again on restore): a persisted snapshot is data only;
 * - `restoreSnapshot` takes the services from the fresh `input` (`createActor(machine, {
 *   snapshot, input })`), or, for a child restored with its parent, from the input the parent
 *   computes for it; then it evaluates each running child's invoke `input` again against the
 *   restored context, so a child (a request in flight, a child machine) runs with live services.
 *   Without services it throws: the actor starts with status `error` and says what is missing.
 * - `.provide()` keeps all this.
 *
 * @example
 * const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())); // data only
 * createActor(loginMachine, { snapshot: persisted, input: { auth } }).start(); // logs in again
 */
export function restorable<TMachine extends AnyStateMachine, TInput, TContext>(
  machine: TMachine,
  binding: ServiceBinding<TInput, TContext>,
): TMachine {
  const m = machine as AnyStateMachine;
  const base = {
    getPersistedSnapshot: m.getPersistedSnapshot.bind(m),
    restoreSnapshot: m.restoreSnapshot.bind(m),
    start: m.start.bind(m) as (snapshot: AnyMachineSnapshot) => void,
    provide: m.provide.bind(m),
  };
  const restored = new WeakSet<object>();
  let invokes: Map<string, InvokeDef> | null = null;

  m.getPersistedSnapshot = (snapshot, options) => {
    const persisted = base.getPersistedSnapshot(snapshot, options) as unknown as Rec & {
      context: Rec;
      children?: Rec;
    };
    const context: Rec = { ...persisted.context };
    for (const key of binding.keys) delete context[key];
    const children: Rec = {};
    for (const [id, entry] of Object.entries(persisted.children ?? {})) {
      const child = entry as Rec & { snapshot: Rec };
      const { input: _input, ...rest } = child.snapshot ?? {};
      children[id] = { ...child, snapshot: rest };
    }
    return { ...persisted, context, children } as never;
  };

  m.restoreSnapshot = (snapshot, scope: AnyActorScope) => {
    const s = snapshot as Rec & { context?: Rec; children?: Rec; [FRESH_INPUT]?: unknown };
    const input = (scope.self as { options?: { input?: unknown } }).options?.input ?? s[FRESH_INPUT];
    if (input === undefined) {
      throw new Error(
        `${binding.name}: a snapshot is restored with its services: createActor(machine, { snapshot, input })`,
      );
    }
    const context: Rec = { ...(s.context ?? {}), ...binding.fromInput(input as TInput) };
    invokes ??= invokesById(m.root as unknown as NodeLike);
    const children: Rec = {};
    for (const [id, entry] of Object.entries(s.children ?? {})) {
      const child = entry as Rec & { snapshot: Rec };
      const mapper = invokes.get(id)?.input;
      if (mapper === undefined) {
        children[id] = child;
        continue;
      }
      const fresh =
        typeof mapper === 'function'
          ? mapper({ context, event: { type: RESTORE_EVENT }, self: scope.self })
          : mapper;
      const isMachine = 'context' in (child.snapshot ?? {});
      children[id] = {
        ...child,
        snapshot: isMachine
          ? { ...child.snapshot, [FRESH_INPUT]: fresh }
          : { ...child.snapshot, input: fresh },
      };
    }
    const result = base.restoreSnapshot({ ...s, context, children } as never, scope);
    restored.add(result);
    return result;
  };

  // XState does not persist its timers: a state restored with an `after` transition would wait
  // forever. Each one is armed again, with its full delay computed from the restored context.
  (m as unknown as { start: (s: AnyMachineSnapshot, scope: AnyActorScope) => void }).start = (
    snapshot,
    scope,
  ) => {
    base.start(snapshot);
    if (!restored.has(snapshot) || snapshot.status !== 'active') return;
    for (const node of snapshot._nodes as unknown as DelayedNode[]) {
      const armed = new Set<string>();
      for (const t of node.after ?? []) {
        if (armed.has(t.eventType)) continue;
        armed.add(t.eventType);
        const named = typeof t.delay === 'string' ? m.implementations.delays[t.delay] : t.delay;
        const ms =
          typeof named === 'function'
            ? (named as (args: unknown, params: unknown) => number)(
                {
                  context: snapshot.context,
                  event: { type: RESTORE_EVENT },
                  self: scope.self,
                  system: scope.system,
                },
                undefined,
              )
            : named;
        if (typeof ms !== 'number') continue;
        scope.system.scheduler.schedule(scope.self, scope.self, { type: t.eventType }, ms, t.eventType);
      }
    }
  };

  m.provide = (implementations) =>
    restorable(base.provide(implementations) as AnyStateMachine, binding) as never;
  return machine;
}
