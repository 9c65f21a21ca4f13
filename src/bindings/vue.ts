// pam-client/vue: the session view as refs, and composables over XState actors (vue is an optional peer).
import type { ComputedRef, ShallowRef } from 'vue';
// One namespace import: an app's bundle keeps one short import of Vue, not each function's name
// (an app using only `useSession` kept `getCurrentInstance` and `onMounted` too; smaller gzipped).
import * as vue from 'vue';
// The one runtime import from xstate (kept external, never bundled): useActor given logic
// must create the actor, and only xstate can.
import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type InputFrom,
} from 'xstate';
import {
  commandsOf,
  type SessionClient,
  type SessionCommands,
  type SessionSource,
  type ViewOf,
} from './session';
import { type Observable, onSessionChange, type SnapshotOf, subscribeTo } from './vanilla';

/**
 * What `useActor` returns: the snapshot as a shallow ref, `send` and the actor.
 *
 * @example
 * const { snapshot, send }: UseActorReturn<typeof actor> = useActor(incomeReportMachine, { input });
 */
export interface UseActorReturn<TActor extends AnyActorRef> {
  /** The latest snapshot; replaced (never mutated) on each transition. */
  snapshot: ShallowRef<SnapshotOf<TActor>>;
  send: TActor['send'];
  actorRef: TActor;
}

// `input` is required exactly when the logic requires it, as with xstate's createActor.
type ActorArgs<TLogic extends AnyActorLogic> =
  undefined extends InputFrom<TLogic>
    ? [options?: ActorOptions<TLogic>]
    : [options: ActorOptions<TLogic> & { input: InputFrom<TLogic> }];

/**
 * `subscribe()` for as long as the current effect scope lives: in a component, from its mount
 * (Vue's server renderer runs setup but never mounts nor disposes: a subscription made in setup
 * outlived every server render, review 86), in a bare effect scope at once; ended with the scope.
 * `subscribe` reads the current value itself (it may have changed since setup).
 */
const follow = (subscribe: () => () => void): void => {
  let stop: (() => void) | undefined;
  // (Not in a scope stopped meanwhile: nothing would ever let that subscription go, review 90.)
  const scope = vue.getCurrentScope();
  const start = () => {
    if (!stop && scope?.active !== false) stop = subscribe();
  };
  // Deferred only in a component not mounted yet, to its `beforeMount` (the server renderer runs
  // neither it nor `mounted`; one used in `onBeforeMount` runs in the same pass, where a `mounted`
  // hook added then was never run: review 137): one used in `onMounted` (or in a scope made there,
  // a store's) subscribes at once (review 90: its mount had passed, it never subscribed). And only
  // in the component's own scope, or in a server render: a scope of its own made in a setup (a
  // shared store's, as Pinia makes it) outlives that component, which may never mount (review 137:
  // a page left before its Suspense resolved; the shared refs never followed).
  const instance = vue.getCurrentInstance();
  instance &&
  !instance.isMounted &&
  (scope === (instance as { scope?: unknown }).scope || vue.inject(vue.ssrContextKey, 0))
    ? vue.onBeforeMount(start)
    : start();
  vue.onScopeDispose(() => stop?.());
};

/**
 * Follows an actor for as long as the current effect scope (a component's setup) lives.
 * Given logic (a machine), it creates the actor with `options`, starts it, and stops it when
 * the scope is disposed (unmount), which aborts its requests in flight. In a component it starts
 * the actor when the component mounts, so a server render (which never mounts) starts none and
 * renders the initial snapshot; in a bare effect scope it starts at once. Given a running actor
 * (e.g. an income-report actor an app started), it only subscribes (in a component, at mount) and
 * leaves the actor running.
 *
 * Sign a player in with `useSession(client).login(...)`, never with a `loginMachine` actor here:
 * its output is the login answer, access token included (UI state), and the client's session
 * never holds a login made beside it (review 121).
 *
 * @example
 * const { snapshot, send } = useActor(incomeReportMachine, { input: { user: client.user } });
 * const generate = () => send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
 * // template: <p v-if="snapshot.matches('failed')">{{ snapshot.context.error?.message }}</p>
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
  const actorRef: AnyActorRef = created ? createActor(logicOrRef, options) : logicOrRef;
  const snapshot = vue.shallowRef(actorRef.getSnapshot());
  // In a component, subscribed and started at mount (`follow`): an actor started in setup would
  // outlive every server render, and so would the subscription.
  follow(() => {
    snapshot.value = actorRef.getSnapshot();
    const stop = subscribeTo(
      actorRef,
      (s) => s,
      (s) => (snapshot.value = s),
    );
    if (created) actorRef.start();
    return () => {
      stop();
      if (created) actorRef.stop();
    };
  });
  return { snapshot, send: (event) => actorRef.send(event), actorRef };
}

/**
 * A readonly ref of `selector(snapshot)`, updated only when the selected value changes (by
 * `compare`, default `Object.is`), so dependants re-render only then. In a component it subscribes
 * at mount (a server render subscribes nothing), and unsubscribes with the scope.
 *
 * @example
 * const isBusy = useSelector(client.state, (view) => view.status === 'signingIn');
 * // template: <button :disabled="isBusy">Sign in</button>
 */
export function useSelector<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (previous: T, next: T) => boolean = Object.is,
): Readonly<ShallowRef<T>> {
  const selected = vue.shallowRef(selector(actorRef.getSnapshot()));
  const take = (value: T) => {
    if (!compare(selected.value, value)) selected.value = value;
  };
  follow(() => {
    take(selector(actorRef.getSnapshot()));
    return subscribeTo(actorRef, selector, take, compare);
  });
  return vue.shallowReadonly(selected);
}

/** What `useSession` returns: a readonly ref per field of the view, the whole view, the commands. */
export type UseSessionReturn<C extends SessionClient> = {
  readonly [K in keyof ViewOf<C>]-?: ComputedRef<ViewOf<C>[K]>;
} & {
  /** The whole view (for `describeError(view.value.error)` or passing it down). */
  readonly view: Readonly<ShallowRef<ViewOf<C>>>;
} & SessionCommands<C>;

/**
 * The client's session view as readonly refs, one per field (`status`, `error`,
 * `codeAttemptsLeft`, ...), each changing only when its field does, plus the commands. It only
 * subscribes (in a component from its mount, so a server render subscribes nothing, until the scope
 * is disposed): create the client
 * once, in a module, not in a component.
 *
 * @example
 * const { status, error, codeAttemptsLeft, login, submitCode, cancel } = useSession(client);
 * // template: <CodeForm v-if="status === 'twoFactorRequired'" :attempts-left="codeAttemptsLeft" />
 */
export function useSession<C extends SessionClient>(client: C): UseSessionReturn<C> {
  type V = ViewOf<C>;
  const view = vue.shallowRef(client.view as V);
  follow(() => onSessionChange(client as SessionSource<V>, (next) => (view.value = next)));
  // A view has the same keys in every state, so the first one's keys are all of them.
  return {
    ...Object.fromEntries(
      Object.keys(view.value as object).map((key) => [
        key,
        vue.computed(() => (view.value as Record<string, unknown>)[key]),
      ]),
    ),
    view: vue.shallowReadonly(view),
    ...commandsOf(client),
  } as unknown as UseSessionReturn<C>;
}
