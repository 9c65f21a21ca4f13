// Persistence of a machine whose context holds services (its modules, its clock): the persisted
// snapshot leaves them out, a restore takes them from the fresh input, timers are armed again.
// To go (issue 32.3: persistence and restore through XState's public API only): it overrides the
// machine's persistence methods and arms timers through the system's scheduler.

import { type AnyActorScope, type AnyStateMachine, getStateNodes, type StateValue } from 'xstate';

/** How a restorable machine finds its services. */
export interface ServiceBinding<TInput, TContext> {
  /** The machine's name, for the error a restore without services throws. */
  name: string;
  /** The context keys that hold services (modules, the clock, page signals): never persisted. */
  keys: readonly (keyof TContext & string)[];
  /** The services from an actor's input; the context factory uses the same function. */
  fromInput: (input: TInput) => Partial<TContext>;
  /** For a machine with `after` transitions: `rearmTimers` (kept apart so others do not bundle it). */
  timers?: typeof rearmTimers;
}

/**
 * XState does not persist its timers: a state restored with an `after` transition would wait
 * forever. Arms each one again, with its full delay computed from the restored context.
 */
export function rearmTimers(machine: unknown, snapshot: object, scope: AnyActorScope): void {
  const m = machine as Logic;
  const armed = new Set<string>();
  // The active state nodes, from the snapshot's value (XState's `getStateNodes`, not its `_nodes`).
  for (const node of getStateNodes(
    m.root as never,
    (snapshot as { value: StateValue }).value,
  ) as unknown as Node[]) {
    for (const { eventType, delay } of node.after) {
      if (armed.has(eventType)) continue;
      armed.add(eventType);
      const ms = call(
        typeof delay === 'string' ? m.implementations.delays[delay] : delay,
        (snapshot as Rec).context,
        scope,
      );
      scope.system.scheduler.schedule(scope.self, scope.self, { type: eventType }, ms, eventType);
    }
  }
}

/**
 * The event an invoke `input` function sees when `restorable` computes it again for a child that
 * was running when the snapshot was persisted (a request that must not be re-sent can decline).
 */
export const RESTORE_EVENT = 'xstate.restore';

type Rec = Record<string, unknown>;
type Child = { snapshot: Rec & { context?: unknown } };
type Persisted = Rec & { context: Rec; children: Record<string, Child> };
type Node = {
  invoke: readonly { id: string; input?: unknown }[];
  states: Record<string, Node>;
  after: readonly { eventType: string; delay: number | string }[];
};
type Logic = {
  root: Node;
  implementations: { delays: Record<string, unknown> };
  getPersistedSnapshot(s: unknown, o?: unknown): Persisted;
  restoreSnapshot(s: unknown, scope: AnyActorScope): object;
  start(s: object, scope?: AnyActorScope): void;
  provide(i: unknown): Logic;
};

/** The fresh input a parent computed for a child machine it is restoring (in memory only). */
const FRESH_INPUT = Symbol('pam.freshInput');

/** A function of the machine's config (an invoke `input`, a named delay), called as XState would. */
const call = (f: unknown, context: unknown, scope: AnyActorScope) =>
  typeof f === 'function'
    ? f({ context, event: { type: RESTORE_EVENT }, self: scope.self, system: scope.system })
    : f;

function invokeOf(node: Node, id: string): { input?: unknown } | undefined {
  return (
    node.invoke.find((d) => d.id === id) ??
    Object.values(node.states)
      .map((n) => invokeOf(n, id))
      .find(Boolean)
  );
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
  const m = machine as unknown as Logic;
  const { getPersistedSnapshot, restoreSnapshot, start, provide } = m;
  const restored = new WeakSet<object>();

  m.getPersistedSnapshot = (snapshot, options) => {
    const persisted = getPersistedSnapshot.call(m, snapshot, options);
    const context = { ...persisted.context };
    for (const key of binding.keys) delete context[key];
    for (const child of Object.values(persisted.children)) {
      child.snapshot = { ...child.snapshot };
      delete child.snapshot.input;
    }
    return { ...persisted, context };
  };

  m.restoreSnapshot = (snapshot, scope) => {
    const s = snapshot as Persisted & { [FRESH_INPUT]?: unknown };
    const input = (scope.self as { options?: { input?: unknown } }).options?.input ?? s[FRESH_INPUT];
    if (input === undefined) throw new Error(`${binding.name}: restore with input`);
    const context = { ...s.context, ...binding.fromInput(input as TInput) };
    const children: Record<string, Child> = {};
    for (const [id, child] of Object.entries(s.children)) {
      const def = invokeOf(m.root, id);
      children[id] = def
        ? {
            ...child,
            snapshot: {
              ...child.snapshot,
              [child.snapshot.context ? FRESH_INPUT : 'input']: call(def.input, context, scope),
            },
          }
        : child;
    }
    const result = restoreSnapshot.call(m, { ...s, context, children }, scope);
    restored.add(result);
    return result;
  };

  // XState does not persist its timers: a machine with `after` transitions arms them again.
  if (binding.timers) {
    const rearm = binding.timers;
    m.start = (snapshot, scope) => {
      start.call(m, snapshot, scope);
      if (restored.has(snapshot) && scope) rearm(m, snapshot, scope);
    };
  }

  m.provide = (implementations) => restorable(provide.call(m, implementations) as never, binding) as never;
  return machine;
}
