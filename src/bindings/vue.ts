// pam-client/vue: Vue 3 composables over XState actors (vue is an optional peer dependency).
import { onScopeDispose, type ShallowRef, shallowReadonly, shallowRef } from 'vue';
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
import { type Observable, type SnapshotOf, subscribeTo } from './vanilla';

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
 * Follows an actor for as long as the current effect scope (a component's setup) lives.
 * Given logic (a machine), it creates the actor with `options`, starts it, and stops it when
 * the scope is disposed (unmount), which aborts its requests in flight. Given a running actor
 * (e.g. `client.session`), it only subscribes and leaves the actor running. Vue runs no
 * unmount during SSR, so create actors from logic on the client only.
 *
 * @example
 * const { snapshot, send } = useActor(loginMachine, { input: { auth: client.auth } });
 * const submit = () => send({ type: 'SUBMIT', login: email.value, password: password.value });
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
  const snapshot = shallowRef(actorRef.getSnapshot());
  const stop = subscribeTo(
    actorRef,
    (s) => s,
    (s) => (snapshot.value = s),
  );
  if (created) actorRef.start();
  onScopeDispose(() => {
    stop();
    if (created) actorRef.stop();
  });
  return { snapshot, send: (event) => actorRef.send(event), actorRef };
}

/**
 * A readonly ref of `selector(snapshot)`, updated only when the selected value changes (by
 * `compare`, default `Object.is`), so dependants re-render only then. Unsubscribes with the scope.
 *
 * @example
 * const isBusy = useSelector(client.session, (s) => s.matches('signingIn'));
 * // template: <button :disabled="isBusy">Sign in</button>
 */
export function useSelector<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (previous: T, next: T) => boolean = Object.is,
): Readonly<ShallowRef<T>> {
  const selected = shallowRef(selector(actorRef.getSnapshot()));
  onScopeDispose(subscribeTo(actorRef, selector, (value) => (selected.value = value), compare));
  return shallowReadonly(selected);
}
