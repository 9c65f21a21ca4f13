import { isPamError } from '../errors/base';
import { ConfigurationError } from '../errors/config';
import { isSecret, REDACTED, SECRET_KEY_SET } from './secret';

export { REDACTED };

type Container = Record<string, unknown> | unknown[];

/** Only plain data is walked: class instances (actor refs, machines, Errors, Dates) stay as they are. */
function isContainer(value: unknown): value is Container {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function keysOf(node: Container): string[] {
  return Array.isArray(node) ? Array.from(node.keys(), String).filter((k) => k in node) : Object.keys(node);
}

/**
 * What a redacted copy holds at `key` of `node` (`child` itself: unchanged), leaving containers to
 * the caller (a container is never swapped); with `views`, an actor (an instance with a
 * `getSnapshot`) as its view (`actorView`).
 */
function swap(node: Container, key: string, child: unknown, views?: boolean): unknown {
  // null and undefined carry no secret; replacing them would only hide that a field is empty.
  if (!Array.isArray(node) && SECRET_KEY_SET.has(key) && child !== null && child !== undefined) {
    return REDACTED;
  }
  return hidden(child)
    ? REDACTED
    : views &&
        !isContainer(child) &&
        typeof (child as { getSnapshot?: unknown } | null)?.getSnapshot === 'function'
      ? actorView(child)
      : child;
}

/**
 * A `Secret`, or an error that is no PamError (an app's callback's, a store's, a platform's): its
 * message and fields are whatever its thrower wrote (a captcha provider's `token <t> expired`,
 * review 115), never read; a PamError's are ours, made without secrets.
 */
const hidden = (value: unknown): boolean => isSecret(value) || (value instanceof Error && !isPamError(value));

/**
 * A copy of `value` with every value under a `SECRET_KEYS` key (at any depth), every `Secret` and
 * every error that is no PamError (its message is its thrower's) replaced by `'[redacted]'`. Copy-on-write: only the plain objects and arrays on the
 * way to a secret are copied (keeping null prototypes), everything else is shared, and when
 * nothing needed hiding `value` itself comes back. Cycles are kept as cycles. Never mutates.
 * With `views` (an inspection's), every actor met on the way is replaced by its view too.
 *
 * @example
 * redactSecrets({ login: 'ana', password: 'hunter2', meta: { code: '123456' } });
 * // { login: 'ana', password: '[redacted]', meta: { code: '[redacted]' } }
 */
export function redactSecrets<T>(value: T, views?: boolean): T {
  if (hidden(value)) return REDACTED as T;
  if (!isContainer(value)) return value;

  // Pass 1 (iterative, so deep data cannot overflow the stack): find every container, which of
  // them hold a secret directly, and who refers to whom.
  const parents = new Map<Container, Container[]>([[value, []]]);
  const dirty: Container[] = [];
  const stack: Container[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    let direct = false;
    for (const key of keysOf(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (swap(node, key, child, views) !== child) direct = true;
      else if (isContainer(child)) {
        const known = parents.get(child);
        if (known) known.push(node);
        else {
          parents.set(child, [node]);
          stack.push(child);
        }
      }
    }
    // (An inspection's, `views`: every container copied, so an inspector that writes to what it
    // was given changes nothing the actors hold: review 139, a snapshot's `canBet` set true.)
    if (direct || views) dirty.push(node);
  }
  if (dirty.length === 0) return value;

  // A container must be copied when a secret is reachable from it: spread "dirty" upwards.
  const copies = new Map<Container, Container>();
  for (let i = 0; i < dirty.length; i++) {
    const node = dirty[i]!;
    if (copies.has(node)) continue;
    copies.set(
      node,
      // (An object's copy has no prototype while it is filled: see pass 2.)
      Array.isArray(node) ? new Array(node.length) : Object.create(null),
    );
    for (const parent of parents.get(node) ?? []) if (!copies.has(parent)) dirty.push(parent);
  }

  // Pass 2: fill the copies. Every copy exists already, so references (cycles too) point at copies.
  for (const [node, copy] of copies) {
    for (const key of keysOf(node)) {
      const child = (node as Record<string, unknown>)[key];
      const next = swap(node, key, child, views);
      // Into a copy with no prototype, an assignment defines a plain own key, `__proto__` too (a
      // JSON-parsed own `__proto__` key must stay a plain key).
      (copy as Record<string, unknown>)[key] = isContainer(next) ? (copies.get(next) ?? next) : next;
    }
    // Then the node's own prototype (`Object.prototype` or none: `isContainer`).
    if (!Array.isArray(node)) Object.setPrototypeOf(copy, Object.getPrototypeOf(node));
  }
  return copies.get(value) as T;
}

/**
 * An XState v5 `inspect` observer, typed structurally so the core entry needs no xstate types.
 *
 * @example
 * const observer: InspectObserver<{ type: string }> = { next: (ev) => console.log(ev.type) };
 */
export interface InspectObserver<E> {
  /** Called with each inspection event (redacted when wrapped by `redactInspection`). */
  next?: (event: E) => void;
  /** Called when the inspected system fails. */
  error?: (error: unknown) => void;
  /** Called when the inspected system stops. */
  complete?: () => void;
}

// Plain identifiers pass through untouched; everything else an inspection event carries (actorRef,
// event, snapshot, action, _transitions, …) goes through redactSecrets, every actor as its view.
const KEEP: ReadonlySet<string> = /* @__PURE__ */ new Set(['type', 'rootId']);

/** One view per actor (an inspector keying actors by reference still can). */
const VIEWS = /* @__PURE__ */ new WeakMap<object, object>();

/**
 * An actor as an observer is given it: a view whose snapshots read redacted (`getSnapshot`,
 * `getPersistedSnapshot`, `_snapshot`: the Stately inspector reads the actor's snapshot itself,
 * REVIEW-Q 8), the actors they name (a snapshot's `children`, an input's) as views in turn (review
 * 130), its ids, logic and `send`; nothing else (review 142).
 */
function actorView(ref: unknown): unknown {
  // Only what an inspector reads of an actor (the Stately inspector: its ids, logic, snapshot;
  // `send`): its snapshots redacted, the actors it names as views, its system a view too, its
  // subscribers handed redacted snapshots. Nothing else: `ref`, `_actorScope`, `options`,
  // `mailbox`, ... lead to the raw actor and its secrets (reviews 139, 142).
  return viewOf(ref, (target, key, v) => {
    if (key === 'id' || key === 'sessionId' || key === 'src' || key === 'logic') return v;
    if (key === '_snapshot') return redactSecrets(v, true);
    if (key === '_parent') return actorView(v);
    if (key === 'system') return systemView(v);
    if (typeof v !== 'function') return undefined;
    if (key === 'getSnapshot' || key === 'getPersistedSnapshot')
      return (...a: unknown[]) => redactSecrets(v.apply(target, a), true);
    if (key === 'subscribe')
      return (next: unknown, ...rest: unknown[]) => {
        const o = (typeof next === 'function' ? { next } : Object(next)) as { next?: (s: unknown) => void };
        return v.call(
          target,
          { ...o, next: (s: unknown) => o.next?.call(o, redactSecrets(s, true)) },
          ...rest,
        );
      };
    return key === 'send' || key === 'toJSON' ? v.bind(target) : undefined;
  });
}

/** An actor system as an observer is given it: its actors as views, its snapshot redacted; nothing else. */
function systemView(system: unknown): unknown {
  return viewOf(system, (target, key, v) =>
    typeof v === 'function' && (key === 'get' || key === 'getAll' || key === 'getSnapshot')
      ? (...a: unknown[]) => {
          const out = v.apply(target, a);
          return isContainer(out) ? redactSecrets(out, true) : actorView(out);
        }
      : undefined,
  );
}

/** One view per object (`VIEWS`), each property read through `read`. */
function viewOf(
  value: unknown,
  read: (target: object, key: string | symbol, v: unknown) => unknown,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  let view = VIEWS.get(value);
  if (!view) {
    view = new Proxy(value, {
      get: (target, key) => {
        const v = Reflect.get(target, key, target);
        // (A symbol, the constructor, or a property the target can never change (a frozen one: a
        // Proxy must answer it as it is) pass as they are; every other goes through `read`.)
        return typeof key === 'symbol' ||
          key === 'constructor' ||
          Object.getOwnPropertyDescriptor(target, key)?.configurable === false
          ? v
          : read(target, key, v);
      },
    });
    VIEWS.set(value, view);
  }
  return view;
}

function redactInspectionEvent<E>(inspectionEvent: E): E {
  if (typeof inspectionEvent !== 'object' || inspectionEvent === null) return inspectionEvent;
  const source = inspectionEvent as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (!KEEP.has(key)) data[key] = source[key];
  return { ...source, ...redactSecrets(data, true) } as E;
}

/**
 * Wraps an XState `inspect` observer (a function or `{ next, error, complete }`) so that it
 * sees each inspection event with every secret field and `Secret` replaced by `'[redacted]'`:
 * in the event, the snapshot (context included), action params and any other data. `rootId` and
 * `type` pass through as they are; every actor (`actorRef`, `sourceRef`, a snapshot's `children`,
 * at any depth) as a view of it (one per actor) whose snapshots read redacted too, and name
 * actors as views in turn (an inspector that reads `actorRef.getSnapshot()` itself, as the
 * Stately inspector does, sees no secret); the originals are never changed.
 *
 * @example
 * const actor = createActor(loginMachine, {
 *   input: { auth },
 *   inspect: redactInspection((ev) => console.debug(ev.type, ev)),
 * });
 */
export function redactInspection<E>(observer: (event: E) => void): (event: E) => void;
/**
 * The same for an observer object: `next` sees redacted events; `error` and `complete` as given.
 *
 * @example
 * inspect: redactInspection({ next: (ev) => log(ev), complete: () => log('done') });
 */
export function redactInspection<E>(observer: InspectObserver<E>): InspectObserver<E>;
export function redactInspection<E>(
  observer: ((event: E) => void) | InspectObserver<E>,
): ((event: E) => void) | InspectObserver<E> {
  if (typeof observer === 'function') return (event) => observer(redactInspectionEvent(event));
  if (typeof observer !== 'object' || observer === null)
    throw new ConfigurationError('redactInspection: the observer is no function or object');
  const wrapped: InspectObserver<E> = {};
  if (observer.next) wrapped.next = (event) => observer.next?.(redactInspectionEvent(event));
  if (observer.error) wrapped.error = (error) => observer.error?.(error);
  if (observer.complete) wrapped.complete = () => observer.complete?.();
  return wrapped;
}
