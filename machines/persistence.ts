// Persistence of a standalone machine whose context holds services (its modules, its clock), opt-in
// and through XState's public API only: `getPersistedSnapshot`, `createActor(…, { snapshot })`, the
// machine's `root` state nodes and their `invoke` definitions. Nothing of the machine is overridden,
// so a machine that is never persisted carries none of this (issue 33: about 0.4–0.5 kB min+gz on
// each machine-alone row).

import { isPamError, isSecret } from 'pam-client';
import {
  type Actor,
  type ActorOptions,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  getStateNodes,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { SECRET_KEYS } from '../src/secrets/secret';
import { trusted } from './clock';
import { checkedAnswer } from './income-report/answer';

/**
 * The event an invoke `input` function sees when `restoreActor` computes it again for a child that
 * was running when the snapshot was persisted (a request that must not be re-sent can decline).
 */
export const RESTORE_EVENT = 'xstate.restore';

type Rec = Record<string, unknown>;
type Child = { snapshot?: Rec };
type Persisted = Rec & { value: StateValue; context: Rec; children?: Record<string, Child> };
type InvokeDef = { id: string; input?: unknown };

/**
 * What a stored snapshot of each machine of this package brings back: never its settings (the
 * first list: its input's, which its factory checked, bounds and defaults; and a service that may
 * be null, the login's captcha provider); a key that starts as null (no data yet) only when the
 * second names it, its value of that example's kind (any other comes back null); every other key
 * where the stored value `fits` the fresh one; then the machine's own check, if it has one (third).
 */
const RESTORED: Record<string, [string[], Rec, ((context: Rec) => void)?]> = {
  login: [['carried', 'captcha'], { login: '', appSource: '', retryAt: 0, challenged: 0 }],
  tokenRefresh: [['intervalMs', 'tickMs', 'flightMs'], { lifeMs: 0, notBefore: 0 }],
  incomeReport: [
    ['pollIntervalMs', 'maxPollMs'],
    { years: [], request: {}, report: {}, failure: '', startedAt: 0 },
    // A report comes back only as the machine would take it from the server (`checkedAnswer`: a
    // `javascript:` link never reaches the context).
    (c) => {
      try {
        const { referenceYear, deliveryType } = (c.request ?? {}) as Rec;
        if (c.report != null)
          c.report = checkedAnswer(
            c.report as never,
            { referenceYear, deliveryType, id: (c.report as Rec).id } as never,
          );
      } catch {
        c.report = null;
      }
    },
  ],
};

/**
 * Whether a stored value has the shape of `like`: none where either is missing (undefined: not
 * data); a number, finite and not negative (every count, time and duration of these contexts); a
 * string or a boolean, the same type; an array, an array; an object, an object whose every key of
 * `like` fits in turn, where a null stands for a time (null, or such a number).
 */
const fits = (stored: unknown, like: unknown): boolean =>
  stored === undefined || like === undefined
    ? false
    : like === null
      ? stored === null || fits(stored, 0)
      : typeof like === 'number'
        ? typeof stored === 'number' && stored >= 0 && stored < Infinity
        : typeof like !== 'object'
          ? typeof stored === typeof like
          : Array.isArray(like)
            ? Array.isArray(stored)
            : typeof stored === 'object' &&
              stored !== null &&
              !Array.isArray(stored) &&
              Object.entries(like).every(([k, v]) => fits((stored as Rec)[k], v));

/** A service, not data: a function, or an object with a function of its own (a module, a store). */
const isService = (value: unknown): boolean =>
  typeof value === 'function' ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).some(isService));

/**
 * A machine actor's snapshot as data only, to store: its context without the services (the
 * modules, clocks and page signals it was given), each running child without its input (computed
 * again on restore), and no error (`error: null`: a PamError's class does not come through JSON).
 * Pair it with `restoreActor`.
 *
 * @example
 * localStorage.setItem('login', JSON.stringify(persistedData(actor)));
 */
export function persistedData<TActor extends AnyActorRef>(
  actor: TActor,
): ReturnType<TActor['getPersistedSnapshot']> {
  const persisted = actor.getPersistedSnapshot() as unknown as Persisted;
  const context: Rec = {};
  for (const [key, value] of Object.entries(persisted.context ?? {}))
    if (!isService(value)) context[key] = value;
  if ('error' in context) context.error = null;
  const children: Record<string, Child> = {};
  for (const [id, child] of Object.entries(persisted.children ?? {})) {
    const { input: _input, ...snapshot } = child.snapshot ?? {};
    children[id] = { ...child, snapshot };
  }
  return { ...persisted, context, children } as never;
}

/**
 * An actor of `machine` restored from a stored snapshot (`persistedData`'s, JSON or not) with fresh
 * services: the context takes its services and settings (intervals, bounds) from `input`, as a new
 * actor's would, and its data from the stored one where each value has the shape of a fresh one
 * (else the fresh value; a stored `error` that is not a PamError, a plain-text secret, a report
 * link a download would not fetch are dropped; keys a fresh context lacks do not come back; the
 * session and play time start again from their own stores),
 * and each running child's input is computed again against that context (its `input` function sees
 * a `RESTORE_EVENT`). Not started, like `createActor`'s. XState persists no timer: the actor takes
 * a `RESTORE_EVENT` first when it starts, on which a machine with `after` transitions arms them again.
 *
 * @example
 * const stored = JSON.parse(localStorage.getItem('login')!);
 * const actor = restoreActor(loginMachine, stored, { auth }).start();
 */
export function restoreActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: unknown,
  input: InputFrom<TMachine>,
  options: Omit<ActorOptions<TMachine>, 'snapshot' | 'input'> = {},
): Actor<TMachine> {
  const stored = persisted as Persisted;
  // Fail closed: without its services a restored actor would run with none.
  if (input === undefined) throw new TypeError(`${machine.id}: restore with input`);
  const refuse = () => new TypeError(`${machine.id}: not a stored snapshot of this machine`);
  let shaped = false;
  try {
    shaped =
      typeof stored === 'object' && stored !== null && typeof stored.context === 'object' && !!stored.context;
  } catch {}
  if (!shaped) throw refuse();
  // A machine whose state lives elsewhere (the session: its token store, `meta.restore: 'store'`)
  // starts again from there: a stored signed-in snapshot never comes back without its token, nor
  // its restrictions as read before.
  if ((machine.root.meta as { restore?: string } | undefined)?.restore === 'store')
    return createActor(machine, { ...options, input } as never) as Actor<TMachine>;
  // The context a new actor would start with (its factory only: the actor is never started).
  const fresh = (createActor(machine, { input } as never).getSnapshot() as { context: Rec }).context;
  // Its data as stored where it has the shape of the fresh value (`fits`), else the fresh value; its
  // services and settings always from the fresh input (`RESTORED`; review 111: a stored
  // `intervalMs: 0` refreshed in a loop). A key the fresh context lacks (an older version's, a
  // planted one) does not come back. (A machine of an app's: any stored value of a key that starts
  // as null; an error and a secret, checked below, of any machine.)
  const rule = RESTORED[machine.id];
  const context: Rec = {};
  for (const [key, value] of Object.entries(fresh)) {
    // (A getter that throws, a Proxy: the fresh value.)
    let was: unknown;
    try {
      was = stored.context[key];
    } catch {}
    // (What a key that starts as null takes: an error or a secret, any object, checked below; an
    // app's machine's, any value, an object or an array as one.)
    const like =
      value ??
      (key === 'error' || SECRET_KEYS.includes(key as never)
        ? {}
        : rule
          ? rule[1][key]
          : Array.isArray(was)
            ? []
            : was && typeof was === 'object'
              ? {}
              : was);
    context[key] = !isService(value) && !rule?.[0].includes(key) && fits(was, like) ? was : value;
  }
  // Its machine's own check of what it restores (`RESTORED`'s third).
  rule?.[2]?.(context);
  // An error is a PamError or none (one stored by an older version is a plain object after JSON).
  if (context.error != null && !isPamError(context.error)) context.error = null;
  // A secret (a password, a code, a token) comes back as a `Secret` or not at all (one stored as
  // JSON is redacted: lost, the player types it again), never as the plain text an older version
  // or an edited store kept (review 110: it reached every snapshot, frame and inspection event).
  for (const key of SECRET_KEYS) if (context[key] != null && !isSecret(context[key])) context[key] = null;
  // A running child is an invoke of an active state node (`getStateNodes`: the root and each active one).
  const invokes = new Map<string, InvokeDef>();
  let nodes: ReturnType<typeof getStateNodes>;
  try {
    nodes = getStateNodes(machine.root, stored.value);
  } catch {
    throw refuse();
  }
  for (const node of nodes) for (const def of node.invoke as unknown as InvokeDef[]) invokes.set(def.id, def);
  const children: Record<string, Child> = {};
  let snapshot: SnapshotFrom<TMachine>;
  // (A stored value whose getter throws: not a stored snapshot, a TypeError, never its error.)
  try {
    for (const [id, child] of Object.entries(stored.children ?? {})) {
      const def = invokes.get(id);
      const args = { context, event: { type: RESTORE_EVENT } };
      const input = typeof def?.input === 'function' ? def.input(args) : def?.input;
      // A stored child no active state invokes is not started (nor its stored input taken).
      if (def) children[id] = { ...child, snapshot: { ...child.snapshot, input } };
    }
    snapshot = { ...stored, context, children } as unknown as SnapshotFrom<TMachine>;
  } catch {
    throw refuse();
  }
  const actor = createActor(machine, { ...options, snapshot, input } as never) as Actor<TMachine>;
  // Taken first when the actor starts: a machine with timers arms them again on it.
  // (Marked as the machine's own: a restore event an app sends is ignored, review 114: a storm of
  // them held a report's polls and a beat back.)
  actor.send(trusted({ type: RESTORE_EVENT }) as never);
  return actor;
}
