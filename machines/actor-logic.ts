// The promise and callback actor logic the machines use: xstate's own `fromPromise` and
// `fromCallback` (xstate 5, dist/xstate-actors.esm.js, MIT), written here for the bundles only
// (issue 33, sizes). xstate's module holds a top-level `createEmptyActor` logic built by a call no
// bundler can prove pure (`const emptyLogic = fromTransition(…)`), so every app bundle that imports
// anything from it keeps `fromTransition` and that logic, used or not. Nothing else of xstate
// imports that module, so with these the machines' bundles drop it. Behaviour: the same code (the
// same snapshots, the same `xstate.promise.resolve` / `xstate.promise.reject` events relayed
// through the system, the same abort on stop); the types are xstate's.

import { asPamError } from 'pam-client/internal';
import type {
  AnyActorRef,
  fromCallback as xstateFromCallback,
  fromPromise as xstateFromPromise,
} from 'xstate';

type Scope = {
  self: AnyActorRef & { _parent?: AnyActorRef };
  system: { _relay(source: AnyActorRef, target: AnyActorRef, event: object): void };
  emit: unknown;
};
type State = { status: string; input?: unknown };
type Event = { type: string; data?: unknown };

/** The actor's first snapshot and its (identity) persistence, as xstate's. */
const logicOf = <L extends object>(config: unknown, logic: L) => ({
  config,
  ...logic,
  getInitialSnapshot: (_: unknown, input: unknown) => ({
    status: 'active',
    output: undefined,
    error: undefined,
    input,
  }),
  getPersistedSnapshot: (snapshot: unknown) => snapshot,
  restoreSnapshot: (snapshot: unknown) => snapshot,
});

const controllers = new WeakMap<object, AbortController>();

/** xstate's `fromPromise`. */
export const fromPromise = ((promiseCreator: (args: object) => unknown) =>
  logicOf(promiseCreator, {
    transition: (state: State, event: Event, scope: Scope) => {
      if (state.status !== 'active') return state;
      switch (event.type) {
        case 'xstate.promise.resolve':
          return { ...state, status: 'done', output: event.data, input: undefined };
        case 'xstate.promise.reject':
          return { ...state, status: 'error', error: event.data, input: undefined };
        case 'xstate.stop':
          controllers.get(scope.self)?.abort();
          controllers.delete(scope.self);
          return { ...state, status: 'stopped', input: undefined };
        default:
          return state;
      }
    },
    start: (state: State, { self, system, emit }: Scope) => {
      if (state.status !== 'active') return;
      const controller = new AbortController();
      controllers.set(self, controller);
      const settled = (type: string) => (data: unknown) => {
        if (self.getSnapshot().status !== 'active') return;
        controllers.delete(self);
        system._relay(self, self, { type, data });
      };
      // A rejection that is no PamError (an app's captcha provider's, a store's: its message is its
      // thrower's, review 115) travels as one (`asPamError`: its class name only), so no event,
      // snapshot or inspector of the system holds it.
      const reject = settled('xstate.promise.reject');
      Promise.resolve(
        promiseCreator({ input: state.input, system, self, signal: controller.signal, emit }),
      ).then(settled('xstate.promise.resolve'), (error) => reject(asPamError(error)));
    },
  })) as unknown as typeof xstateFromPromise;

type Callback = { receivers?: Set<(event: unknown) => void>; dispose?: unknown };
const callbacks = new WeakMap<object, Callback>();

/** xstate's `fromCallback`. */
export const fromCallback = ((callback: (args: object) => unknown) =>
  logicOf(callback, {
    start: (state: State, { self, system, emit }: Scope) => {
      const c: Callback = {};
      callbacks.set(self, c);
      c.dispose = callback({
        input: state.input,
        system,
        self,
        sendBack: (event: object) => {
          if (self.getSnapshot().status === 'stopped') return;
          if (self._parent) system._relay(self, self._parent, event);
        },
        receive: (listener: (event: unknown) => void) => {
          c.receivers ??= new Set();
          c.receivers.add(listener);
        },
        emit,
      });
    },
    transition: (state: State, event: Event, scope: Scope) => {
      const c = callbacks.get(scope.self)!;
      if (event.type === 'xstate.stop') {
        callbacks.delete(scope.self);
        c.receivers?.clear();
        (c.dispose as (() => void) | undefined)?.();
        return { ...state, status: 'stopped', error: undefined };
      }
      c.receivers?.forEach((receiver) => {
        receiver(event);
      });
      return state;
    },
  })) as unknown as typeof xstateFromCallback;
