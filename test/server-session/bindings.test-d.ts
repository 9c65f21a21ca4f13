import type { PamSessionSeed, UserModule } from 'pam-client';
import {
  createServerSessionClient,
  type LoginCredentials,
  type SessionStatus,
  type SessionView,
  userModule,
} from 'pam-client/machines';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef } from 'vue';
import { useSession as useReactSession } from '../../src/bindings/react';
import { type ActorStore, sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession as useVueSession } from '../../src/bindings/vue';
import type { PamSessionSeed as ServerSeed } from '../../src/server/index';

const client = createServerSessionClient({ initial: null });
const withUser = createServerSessionClient({ flows: [userModule()] });

describe('the server-session client in every session binding, unchanged', () => {
  it('Vue, React, Svelte and vanilla take it and type its view and commands', () => {
    const vue = useVueSession(client);
    expectTypeOf(vue.status).toEqualTypeOf<ComputedRef<SessionStatus>>();
    expectTypeOf(vue.login).parameter(0).toEqualTypeOf<LoginCredentials>();
    const react = useReactSession(client);
    expectTypeOf(react.status).toEqualTypeOf<SessionStatus>();
    expectTypeOf(sessionStore(client)).toExtend<ActorStore<SessionView>>();
    onSessionChange(client, (view) => expectTypeOf(view).toEqualTypeOf<SessionView>());
  });

  it('holds no token type, `ready` settles with a view, `user` only with userModule()', () => {
    expectTypeOf(client.ready).toEqualTypeOf<Promise<SessionView>>();
    expectTypeOf(withUser.user).toEqualTypeOf<UserModule>();
    expectTypeOf(client.user).toEqualTypeOf<undefined>();
    // @ts-expect-error no refresh options in this mode
    createServerSessionClient({ refresh: { intervalMs: 1 } });
    // @ts-expect-error no storage: the token is in the server's cookie
    createServerSessionClient({ storage: null });
    // @ts-expect-error the flows of the token-holding session are not this mode's
    createServerSessionClient({ flows: [{ name: 'tabs' as const }] });
  });

  it("the core's seed is the server's, both ways", () => {
    expectTypeOf<PamSessionSeed>().toEqualTypeOf<ServerSeed>();
  });
});
