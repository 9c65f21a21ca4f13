// A machine's states and transitions as plain data, read from its public StateNode API
// (`machine.root`, `node.states`, `node.transitions`, `node.always`, `node.after`, `node.invoke`).
// Shared by the generated docs (docs/machines) and the visualizer, so both show the same graph.

import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'snapshot';

export interface TransitionInfo {
  /** What triggers it: an event type (`SUBMIT`), `after <delay>`, `always`, `done: <src>`, `error: <src>`, `<src> moves`. */
  event: string;
  kind: TransitionKind;
  /** The target state's path (`active.idle`), or null for a transition that only runs actions. */
  target: string | null;
  /**
   * The guard's name; `and(a, b)`, `or(a, b)`, `not(a)` for XState's higher-order guards over named
   * ones; `inline` for an anonymous function (worded per transition: words.ts `guardKey`); or null.
   */
  guard: string | null;
  /** Exits and re-enters the target even when it is already active. */
  reenter: boolean;
}

export interface InvokeInfo {
  /** The actor's name in `setup({ actors })`. */
  src: string;
  /** The child's id when the machine names it (`login`, `refresh`); auto-generated ids are left out. */
  id?: string;
  /** The invoked machine's id, when the actor is a state machine (links its own diagram). */
  machine?: string;
}

export interface StateInfo {
  /** Dot path from the root: `idle`, `active.idle`. */
  path: string;
  key: string;
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The state its parent enters first. */
  initial: boolean;
  description?: string;
  invokes: InvokeInfo[];
  /** What the state emits to the actor's listeners on entry (`emit`): the event type, or the action's name. */
  emits: string[];
  /** In the order XState tries them: per event, the first whose guard passes wins. */
  transitions: TransitionInfo[];
}

export interface MachineGraph {
  id: string;
  /** Path of the root's initial state. */
  initial: string;
  /** Depth-first in definition order: a parent comes before its children. */
  states: StateInfo[];
  /**
   * Machine-wide transitions (the root's own `on`, `always`, invoke outcomes): taken from any
   * state that does not handle the event itself. Drawn from the `(any state)` box.
   */
  anyState: TransitionInfo[];
}

/** The box machine-wide transitions leave from (not a state of the machine). */
export const ANY_STATE = '(any state)';

const pathOf = (node: AnyStateNode): string => node.path.join('.');

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  // XState's `and([...])`, `or([...])`, `not(...)` are functions named so, holding their guards.
  const parts = (guard as { guards?: unknown }).guards;
  if (typeof guard === 'function' && ['and', 'or', 'not'].includes(guard.name) && Array.isArray(parts)) {
    const names = parts.map(guardName);
    if (names.every((n) => n !== null && n !== 'inline')) return `${guard.name}(${names.join(', ')})`;
  }
  // A named function (`function unread(...)`, the clock's READ) reads as its name.
  if (typeof guard === 'function' && guard.name && guard.name !== 'guard') return guard.name;
  return 'inline';
}

function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  const id = (src as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : 'inline';
}

/** Names an XState-internal event type after what the reader wrote in the machine. */
function eventLabel(node: AnyStateNode, eventType: string): { event: string; kind: TransitionKind } {
  for (const invoke of node.invoke) {
    if (eventType === `xstate.done.actor.${invoke.id}`)
      return { event: `done: ${srcName(invoke.src)}`, kind: 'done' };
    if (eventType === `xstate.error.actor.${invoke.id}`) {
      return { event: `error: ${srcName(invoke.src)}`, kind: 'error' };
    }
    // `onSnapshot`: the invoked child moved.
    if (eventType === `xstate.snapshot.${invoke.id}`)
      return { event: `${srcName(invoke.src)} moves`, kind: 'snapshot' };
  }
  if (eventType.startsWith('xstate.after.')) {
    const delayed = node.after.find((t) => t.eventType === eventType);
    const delay = delayed?.delay;
    const text = typeof delay === 'number' ? `${delay}ms` : typeof delay === 'string' ? delay : 'delay';
    return { event: `after ${text}`, kind: 'after' };
  }
  if (eventType.startsWith('xstate.done.state.')) return { event: 'done', kind: 'done' };
  return { event: eventType, kind: 'event' };
}

function transitionInfo(t: AnyTransitionDefinition, event: string, kind: TransitionKind): TransitionInfo {
  const targets = (t.target ?? []).map(pathOf);
  return {
    event,
    kind,
    target: targets.length === 0 ? null : targets.join(','),
    guard: guardName(t.guard),
    reenter: t.reenter,
  };
}

function invokeInfo(node: AnyStateNode, index: number): InvokeInfo {
  const invoke = node.invoke[index]!;
  const src = srcName(invoke.src);
  const logic =
    typeof invoke.src === 'string'
      ? (node.machine.implementations.actors as Record<string, unknown>)[invoke.src]
      : invoke.src;
  const machineId = (logic as { root?: unknown; id?: unknown } | undefined)?.root
    ? (logic as { id: string }).id
    : undefined;
  return {
    src,
    // XState names unnamed children `<index>.<state id>`; only a name the author chose is shown.
    ...(invoke.id === `${index}.${node.id}` ? {} : { id: invoke.id }),
    ...(machineId ? { machine: machineId } : {}),
  };
}

/** A node's own transitions, in the order XState tries them. */
function transitionsOf(node: AnyStateNode): TransitionInfo[] {
  const transitions: TransitionInfo[] = [];
  for (const [eventType, list] of node.transitions) {
    const { event, kind } = eventLabel(node, eventType);
    for (const t of list) transitions.push(transitionInfo(t, event, kind));
  }
  for (const t of node.always ?? []) transitions.push(transitionInfo(t, 'always', 'always'));
  return transitions;
}

/** The `emit` actions of a node's entry, by the emitted type when it is fixed, else the action's name. */
function emitsOf(node: AnyStateNode): string[] {
  const named = node.machine.implementations.actions as Record<string, unknown>;
  return (node.entry as unknown[]).flatMap((action) => {
    const name = typeof action === 'string' ? action : (action as { type?: unknown })?.type;
    const impl = (typeof action === 'string' ? named[action] : action) as
      | { type?: unknown; event?: unknown }
      | undefined;
    if (impl?.type !== 'xstate.emit') return [];
    const event = impl.event as { type?: unknown } | undefined;
    return [typeof event?.type === 'string' ? event.type : String(name)];
  });
}

function stateInfo(node: AnyStateNode): StateInfo {
  const transitions = transitionsOf(node);
  const parent = node.parent;
  const initialTargets = parent && parent.type === 'compound' ? parent.initial.target : [];
  return {
    path: pathOf(node),
    key: node.key,
    parent: parent && parent !== node.machine.root ? pathOf(parent) : null,
    type: node.type,
    initial: initialTargets.includes(node),
    ...(node.description ? { description: node.description } : {}),
    invokes: node.invoke.map((_, i) => invokeInfo(node, i)),
    emits: emitsOf(node),
    transitions,
  };
}

/**
 * Every state of `machine` (depth-first, definition order) with its transitions.
 *
 * @example
 * describeMachine(loginMachine).states.map((s) => s.path); // ['idle', 'submitting', …]
 */
export function describeMachine(machine: AnyStateMachine): MachineGraph {
  const states: StateInfo[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      states.push(stateInfo(child));
      visit(child);
    }
  };
  visit(machine.root);
  return {
    id: machine.id,
    initial: machine.root.initial.target.map(pathOf).join(','),
    states,
    anyState: transitionsOf(machine.root),
  };
}

/**
 * The active state paths of a snapshot value, outermost first:
 * `{ active: 'idle' }` → `['active', 'active.idle']`.
 *
 * @example
 * activePaths('twoFactorRequired'); // ['twoFactorRequired']
 */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  if (!value || typeof value !== 'object') return [];
  const paths: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    paths.push(prefix + key, ...activePaths(child, `${prefix}${key}.`));
  }
  return paths;
}

/**
 * The event types a snapshot with these active paths can react to (user events only, no
 * `after`/`always`/`done`/`error`), innermost state first, the machine-wide ones last, each once.
 *
 * @example
 * eventsIn(describeMachine(loginMachine), ['twoFactorRequired']); // ['SUBMIT_CODE', 'RESET']
 */
export function eventsIn(graph: MachineGraph, active: readonly string[]): string[] {
  const byPath = new Map(graph.states.map((s) => [s.path, s]));
  const events: string[] = [];
  const lists = [...active].reverse().map((path) => byPath.get(path)?.transitions ?? []);
  // The machine-wide transitions last: the root is the outermost state.
  for (const list of [...lists, graph.anyState ?? []]) {
    // The wildcard (`'*'`: whatever else comes, dropped) is no event anyone sends.
    for (const t of list)
      if (t.kind === 'event' && t.event !== '*' && !events.includes(t.event)) events.push(t.event);
  }
  return events;
}
