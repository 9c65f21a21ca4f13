import type { AuthModule } from 'pam-client';
import { describe, expectTypeOf, it } from 'vitest';
import type { ShallowRef } from 'vue';
import { type Actor, createActor, type SnapshotFrom } from 'xstate';
import type { SessionState, SessionStatus, SessionView } from '../../machines/client/session-facade';
import { type LoginEvent, loginMachine } from '../../machines/loginMachine';
import { useSelector as useReactSelector } from '../../src/bindings/react';
import { type ActorStore, selectorStore, toStore } from '../../src/bindings/svelte';
import { subscribeTo } from '../../src/bindings/vanilla';
import { useActor, useSelector } from '../../src/bindings/vue';
import { counterMachine } from './fixtures';

declare const auth: Pick<AuthModule, 'login'>;
type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

describe('binding types', () => {
  it('useActor requires input exactly when the machine does, and types snapshot and send', () => {
    // @ts-expect-error the login machine needs { input: { auth } }
    useActor(loginMachine);
    useActor(counterMachine);
    const { snapshot, send, actorRef } = useActor(loginMachine, { input: { auth } });
    expectTypeOf(snapshot).toEqualTypeOf<ShallowRef<LoginSnapshot>>();
    expectTypeOf(actorRef).toEqualTypeOf<Actor<typeof loginMachine>>();
    expectTypeOf(send).parameter(0).toEqualTypeOf<LoginEvent>();
    // @ts-expect-error not an event of the login machine
    send({ type: 'INC' });
  });

  it('useActor given a running actor keeps its type', () => {
    const actor = createActor(counterMachine);
    expectTypeOf(useActor(actor).actorRef).toEqualTypeOf(actor);
    expectTypeOf(useActor(actor).snapshot.value.context).toEqualTypeOf<{ count: number; other: number }>();
  });

  it('selectors infer the snapshot and return the selected type', () => {
    const actor = createActor(loginMachine, { input: { auth } });
    expectTypeOf(useSelector(actor, (s) => s.context.rejectedCodes)).toEqualTypeOf<
      Readonly<ShallowRef<number>>
    >();
    expectTypeOf(toStore(actor)).toEqualTypeOf<ActorStore<LoginSnapshot>>();
    expectTypeOf(selectorStore(actor, (s) => s.matches('failed'))).toEqualTypeOf<ActorStore<boolean>>();
    subscribeTo(
      actor,
      (s) => s.context.login,
      (login) => expectTypeOf(login).toEqualTypeOf<string | null>(),
    );
  });

  it('client.state (the session facade) is taken by every selector binding, typed as the view', () => {
    const state = {} as SessionState;
    expectTypeOf(useSelector(state, (view) => view.status)).toEqualTypeOf<
      Readonly<ShallowRef<SessionStatus>>
    >();
    expectTypeOf(useReactSelector(state, (view) => view.user)).toEqualTypeOf<SessionView['user']>();
    expectTypeOf(toStore(state)).toEqualTypeOf<ActorStore<SessionView>>();
    subscribeTo(
      state,
      (view) => view.error,
      (error) => expectTypeOf(error).toEqualTypeOf<SessionView['error']>(),
    );
    // @ts-expect-error an internal event is not a command
    state.send({ type: 'TOKEN_REFRESHED', accessToken: 'x' });
  });
});
