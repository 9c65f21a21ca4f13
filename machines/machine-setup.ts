// XState's `setup()` with only its `createMachine`: `setup()` returns every built-in action helper
// with it (`assign`, `sendTo`, `raise`, `log`, `cancel`, `stopChild`, `enqueueActions`, `emit`,
// `spawnChild`), and a bundler keeps them all in a machine that uses none (about 0.8 kB min+gz on
// each machine-alone row, measured). The parameter and result types are `setup()`'s own (xstate
// 5.33's `setup.d.ts`), so a machine built here is checked and typed as `setup().createMachine`'s.

import {
  type ActionFunction,
  type AnyEventObject,
  type AnyStateMachine,
  type DelayConfig,
  type EventObject,
  type GuardPredicate,
  type IsNever,
  type MachineContext,
  type MetaObject,
  type NonReducibleUnknown,
  type ParameterizedObject,
  type SetupReturn,
  type SetupTypes,
  StateMachine,
  type UnknownActorLogic,
  type Values,
} from 'xstate';

type Params = Record<string, ParameterizedObject['params'] | undefined>;

// biome-ignore lint/complexity/noBannedTypes: `setup()`'s own default (no actors, actions, guards)
type None = {};

/** `setup.d.ts`'s `ToParameterizedObject` (not exported by xstate). */
type ToParameterizedObject<TMap extends Params> = Values<{
  [K in keyof TMap as K & string]: { type: K & string; params: TMap[K] };
}>;

type Invert<T extends Record<string, string>> = { [K in keyof T as T[K]]: K };

/** `setup.d.ts`'s `ToProvidedActor` (not exported by xstate). */
type ToProvidedActor<
  TChildrenMap extends Record<string, string>,
  TActors extends Record<string, UnknownActorLogic>,
> = Values<{
  [K in keyof TActors as K & string]: {
    src: K & string;
    logic: TActors[K];
    id: IsNever<TChildrenMap> extends true
      ? string | undefined
      : K extends keyof Invert<TChildrenMap>
        ? Invert<TChildrenMap>[K] & string
        : string | undefined;
  };
}>;

/**
 * `setup(implementations).createMachine(config)` without `setup()`'s action helpers: the same
 * checks on action, guard, actor and delay names and params, one `createMachine` call at run time.
 * A machine imports `assign`, `emit`, … from `xstate` where it uses them. With `PARTS` as its second
 * argument, it also gives `createStateConfig` and `createAction`, which check a state's part or an
 * action against the setup, as `setup()`'s do (a machine that builds no parts pays nothing for them).
 *
 * @example
 * const counter = machineSetup({
 *   types: { context: {} as { n: number } },
 *   actions: { add: assign({ n: ({ context }) => context.n + 1 }) },
 * }).createMachine({ context: { n: 0 }, on: { ADD: { actions: 'add' } } });
 */
export function machineSetup<
  TContext extends MachineContext,
  TEvent extends AnyEventObject,
  TActors extends Record<string, UnknownActorLogic> = None,
  TChildrenMap extends Record<string, string> = None,
  TActions extends Params = None,
  TGuards extends Params = None,
  TDelay extends string = never,
  TTag extends string = string,
  TInput = NonReducibleUnknown,
  TOutput extends NonReducibleUnknown = NonReducibleUnknown,
  TEmitted extends EventObject = EventObject,
  TStateMeta extends MetaObject = MetaObject,
  TTransitionMeta extends MetaObject = TStateMeta,
  TParts extends typeof PARTS | undefined = undefined,
>(
  implementations: {
    types?: SetupTypes<
      TContext,
      TEvent,
      TChildrenMap,
      TTag,
      TInput,
      TOutput,
      TEmitted,
      TStateMeta,
      TTransitionMeta
    >;
    actors?: { [K in keyof TActors | Values<TChildrenMap>]: K extends keyof TActors ? TActors[K] : never };
    actions?: {
      [K in keyof TActions]: ActionFunction<
        TContext,
        TEvent,
        TEvent,
        TActions[K],
        ToProvidedActor<TChildrenMap, TActors>,
        ToParameterizedObject<TActions>,
        ToParameterizedObject<TGuards>,
        TDelay,
        TEmitted
      >;
    };
    guards?: {
      [K in keyof TGuards]: GuardPredicate<TContext, TEvent, TGuards[K], ToParameterizedObject<TGuards>>;
    };
    delays?: {
      [K in TDelay]: DelayConfig<TContext, TEvent, ToParameterizedObject<TActions>['params'], TEvent>;
    };
  },
  parts?: TParts,
): Pick<
  SetupReturn<
    TContext,
    TEvent,
    TActors,
    TChildrenMap,
    TActions,
    TGuards,
    TDelay,
    TTag,
    TInput,
    TOutput,
    TEmitted,
    TStateMeta,
    TTransitionMeta
  >,
  'createMachine' | (TParts extends typeof PARTS ? 'createStateConfig' | 'createAction' : never)
> {
  // `createMachine` reads `actors`, `actions`, `guards` and `delays` of its second argument (not `types`).
  const createMachine = (config: object) =>
    readingEvents(new StateMachine(config as never, implementations as never));
  return { createMachine, ...parts } as never;
}

/**
 * The event objects the machines' own code built (`trusted()`, ./clock.ts): taken as they are, their
 * identity is their mark (`isInternal`).
 */
export const TRUSTED = /* @__PURE__ */ new WeakSet<object>();

/**
 * The events `readClock` (./clock.ts) told again with its reading: theirs is the only `roll` and
 * `clockError` a machine takes. Any other event's are left out (review 96: an app's `clockError:
 * 'x'` ended a report `failed` with a string for its error, a `roll` of -5 polled back to back); its
 * `at` stays (a reading an event may carry: issue 32.3).
 */
export const READINGS = /* @__PURE__ */ new WeakSet<object>();

/**
 * `machine` reading every event once, as a plain copy of its own keys (and so do the machines its
 * `provide` makes; XState binds `transition` to each machine as it is built: that own property is
 * wrapped), its `type` read first: a key whose reading throws (a getter, a Proxy's trap: a hostile
 * or broken caller) is left out (missing, refused as such), one not its own (a class's accessor, a
 * key not enumerable) is none, and an event whose `type` is no string is ignored, as an event no
 * state takes. The machines' own events (`TRUSTED`) are taken as they are; only `readClock`'s
 * (`READINGS`) carry a `roll` or `clockError`. Reviews 79, 84: an
 * action or guard reading such a key (or reading one twice, its getter throwing the second time)
 * threw, and the actor stopped for good (status `error`), whatever the machine.
 */
function readingEvents<M extends AnyStateMachine>(machine: M): M {
  const { transition, provide } = machine;
  machine.transition = (snapshot, event, scope) => {
    let e: Record<string, unknown> = event;
    if (!TRUSTED.has(event)) {
      // Its `type` read first (a class's accessor, not an own key, counts), then its own keys.
      let type: unknown;
      try {
        type = event.type;
      } catch {}
      // (Once: an inspector that kept a reading and set a `clockError` on it sends back none: review 97.)
      e = readOwn(event, !READINGS.delete(event));
      e.type = type;
    }
    return typeof e.type === 'string' ? transition(snapshot, e as never, scope) : snapshot;
  };
  machine.provide = (implementations) => readingEvents(provide.call(machine, implementations)) as never;
  return machine;
}

/**
 * `x`'s own enumerable keys, each read once, as a plain object: a key whose reading throws (a
 * getter, a Proxy's trap, a revoked Proxy) is left out, so is an own `__proto__` (`JSON.parse` makes
 * one), and an `x` whose keys cannot be listed gives none. What a machine reads of an event and of what it carries (a registration's payload, a
 * service's answer: review 91, a payload's getter crashed the actor for good).
 */
export const readOwn = (x: unknown, unread?: boolean): Record<string, unknown> => {
  const o: Record<string, unknown> = {};
  try {
    for (const k of Object.keys(x as object))
      try {
        // (Not `__proto__`: assigned, it would set the copy's prototype to the caller's value, every
        // key the copy lacks then read through it: review 92. With `unread`, nor a reading's own
        // keys: `READINGS`.)
        if (k !== '__proto__' && !(unread && (k === 'roll' || k === 'clockError')))
          o[k] = (x as Record<string, unknown>)[k];
      } catch {}
  } catch {}
  return o;
};

const identity = <T>(x: T): T => x;

/**
 * `machineSetup`'s second argument for a machine built from parts: its result then has
 * `createStateConfig` and `createAction` (a state's part, or an action, checked against the setup
 * and given back as is, as `setup()`'s).
 *
 * @example
 * const parts = machineSetup({ types: { context: {} as { n: number } } }, PARTS);
 * const idle = parts.createStateConfig({ on: { GO: 'busy' } });
 */
export const PARTS = { createStateConfig: identity, createAction: identity };

/**
 * A custom action run once its machine's step is done (XState's own deferral, which `sendTo` and a
 * delayed `raise` use), not while XState marks a custom action as running. For the actions that
 * read the one clock: a read that sees a step tells the clock's listeners at once, and the steps
 * they start in other actors (the profile flow, the session) then run as their own, so XState's
 * development build prints no "Custom actions should not call `assign()`" (review 123). The events
 * it sends to its own actor are queued as before (the actor is still processing).
 *
 * @example
 * actions: { beat: afterStep(({ context, self }) => self.send({ type: 'CLOCK', at: context.now() })) }
 */
// biome-ignore lint/suspicious/noExplicitAny: any machine's action (each caller's setup checks its use)
export const afterStep = <A>(run: (args: A) => void): ((args: any) => void) =>
  Object.assign(() => {}, {
    resolve: (_: unknown, snapshot: unknown, args: A) => [snapshot, args],
    execute: (scope: { defer(fn: () => void): void }, args: A) => scope.defer(() => run(args)),
  });
