// pam-client/react: React 18/19 hooks on useSyncExternalStore (react is an optional peer).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
// The one runtime import from xstate (kept external, never bundled): useActor given logic must
// create the actor, and only xstate can.
import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type InputFrom,
} from 'xstate';
import { commandsOf, type SessionClient, type SessionCommands, unsubscriber, type ViewOf } from './session';
import type { Observable, SnapshotOf } from './vanilla';

/** What `useSession` returns: the fields of the view and the client's commands. */
export type UseSessionReturn<C extends SessionClient> = ViewOf<C> & SessionCommands<C>;

/**
 * The client's session view (`status`, `error`, `codeAttemptsLeft`, ...) and its commands. The
 * component re-renders when the view changes; on the server it renders `client.view`. It only
 * subscribes: create the client once, in a module, not in a component.
 *
 * @example
 * const { status, error, codeAttemptsLeft, submitCode, cancel } = useSession(client);
 * if (status === 'twoFactorRequired') return <CodeForm attemptsLeft={codeAttemptsLeft} onCode={submitCode} />;
 */
export function useSession<C extends SessionClient>(client: C): UseSessionReturn<C> {
  const subscribe = useCallback((onChange: () => void) => client.subscribe(onChange), [client]);
  const read = () => client.view as ViewOf<C>;
  const view = useSyncExternalStore(subscribe, read, read);
  const commands = useMemo(() => commandsOf(client), [client]);
  return { ...(view as object), ...commands } as UseSessionReturn<C>;
}

/**
 * `selector(snapshot)` of an actor; the component re-renders only when the selected value
 * changes (by `compare`, default `Object.is`). It only subscribes.
 *
 * @example
 * const years = useSelector(reportActor, (s) => s.context.years);
 */
export function useSelector<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (previous: T, next: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      // An actor that errors or stops is read once more (its status says so), never re-thrown.
      return unsubscriber(actorRef.subscribe(onChange, onChange, onChange));
    },
    [actorRef],
  );
  // The last selection: the same snapshot and selector give the same value, and an equal value
  // (by `compare`) keeps the previous one, so useSyncExternalStore sees no change.
  const last = useRef<{ snapshot: unknown; selector: unknown; value: T } | null>(null);
  const read = () => {
    const snapshot = actorRef.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.value;
    const value = selector(snapshot);
    const kept = previous && compare(previous.value, value) ? previous.value : value;
    last.current = { snapshot, selector, value: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * What `useActor` returns: the latest snapshot, `send` and the actor.
 *
 * @example
 * const { snapshot, send }: UseActorReturn<typeof actor> = useActor(incomeReportMachine, { input });
 */
export interface UseActorReturn<TActor extends AnyActorRef> {
  /** The latest snapshot. */
  snapshot: SnapshotOf<TActor>;
  send: TActor['send'];
  actorRef: TActor;
}

// `input` is required exactly when the logic requires it, as with xstate's createActor.
type ActorArgs<TLogic extends AnyActorLogic> =
  undefined extends InputFrom<TLogic>
    ? [options?: ActorOptions<TLogic>]
    : [options: ActorOptions<TLogic> & { input: InputFrom<TLogic> }];

/**
 * Follows an actor while the component is mounted. Given logic (a machine, e.g.
 * `incomeReportMachine`), it creates the actor with `options` once, starts it on mount and stops
 * it on unmount, which aborts its requests in flight (under StrictMode's remount, a fresh actor
 * replaces the stopped one). Given a running actor, it only subscribes.
 *
 * @example
 * const { snapshot, send } = useActor(incomeReportMachine, { input: { user: client.user } });
 * // snapshot.matches('ready') && <button onClick={() => send({ type: 'GENERATE', ... })}>Generate</button>
 */
export function useActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...options: ActorArgs<TLogic>
): UseActorReturn<Actor<TLogic>>;
export function useActor<TActor extends AnyActorRef>(actorRef: TActor): UseActorReturn<TActor>;
export function useActor(
  logicOrRef: AnyActorLogic | AnyActorRef,
  options?: ActorOptions<AnyActorLogic>,
): UseActorReturn<AnyActorRef> {
  const created = !('send' in logicOrRef);
  const make = () =>
    created ? createActor(logicOrRef as AnyActorLogic, options) : (logicOrRef as AnyActorRef);
  const [actorRef, setActorRef] = useState<AnyActorRef>(make);
  // Created once per mount: later changes of the logic or `options` are not applied (as with useState).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again only for a new actor
  useEffect(() => {
    if (!created) return;
    if (actorRef.getSnapshot().status === 'stopped') {
      setActorRef(make());
      return;
    }
    actorRef.start();
    return () => actorRef.stop();
  }, [actorRef]);
  const current = created ? actorRef : (logicOrRef as AnyActorRef);
  const snapshot = useSelector(current, (s) => s);
  const send = useCallback((event: unknown) => current.send(event as never), [current]);
  return { snapshot, send, actorRef: current };
}
