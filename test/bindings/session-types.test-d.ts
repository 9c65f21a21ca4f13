import type { PamError } from 'pam-client';
import type { LoginCredentials, PamClient, SessionStatus, SessionView } from 'pam-client/machines';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef, ShallowRef } from 'vue';
import { useSession as useReactSession } from '../../src/bindings/react';
import { type ActorStore, sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession as useVueSession } from '../../src/bindings/vue';

declare const client: PamClient;

describe('session binding types on the real client', () => {
  it('Vue: a readonly ref per view field, the whole view, the commands as the client types them', () => {
    const session = useVueSession(client);
    expectTypeOf(session.status).toEqualTypeOf<ComputedRef<SessionStatus>>();
    expectTypeOf(session.error).toEqualTypeOf<ComputedRef<PamError | null>>();
    expectTypeOf(session.codeAttemptsLeft).toEqualTypeOf<ComputedRef<number | null>>();
    expectTypeOf(session.view).toEqualTypeOf<Readonly<ShallowRef<SessionView>>>();
    expectTypeOf(session.login).toEqualTypeOf<PamClient['login']>();
    expectTypeOf(session.login).parameter(0).toEqualTypeOf<LoginCredentials>();
    expectTypeOf(session.submitCode).toEqualTypeOf<PamClient['submitCode']>();
    // @ts-expect-error refs are readonly
    session.status.value = 'signedIn';
    // @ts-expect-error not a field of the view
    session.token;
  });

  it('React: the view fields and the commands', () => {
    const session = useReactSession(client);
    expectTypeOf(session.status).toEqualTypeOf<SessionStatus>();
    expectTypeOf(session.retryAt).toEqualTypeOf<number | null>();
    expectTypeOf(session.cancel).toEqualTypeOf<() => void>();
    expectTypeOf(session.register).toEqualTypeOf<PamClient['register']>();
  });

  it('Svelte: a store of the view that carries the commands', () => {
    const session = sessionStore(client);
    expectTypeOf(session).toExtend<ActorStore<SessionView>>();
    session.subscribe((view) => expectTypeOf(view).toEqualTypeOf<SessionView>());
    expectTypeOf(session.logout).toEqualTypeOf<() => void>();
  });

  it('vanilla: the listener gets the view; an unsubscribe comes back', () => {
    const stop = onSessionChange(client, (view) => expectTypeOf(view.status).toEqualTypeOf<SessionStatus>());
    expectTypeOf(stop).toEqualTypeOf<() => void>();
  });

  it('refuses what is not a session client', () => {
    const onlyView = { view: client.view, subscribe: client.subscribe };
    // @ts-expect-error no commands
    useVueSession(onlyView);
    // @ts-expect-error no commands
    useReactSession(onlyView);
    // @ts-expect-error no commands
    sessionStore(onlyView);
    // @ts-expect-error not a client at all
    onSessionChange({ view: 1 }, () => {});
  });
});
