// REVIEW121 probes (hold): pam-client/vue in mounted components (Vue's renderer over plain objects,
// ./vue-host.ts), not only in bare effect scopes.
// - useSession / useSelector(client.state): one subscription while mounted, none after unmount; a
//   change between setup and mount is shown from the mount on; the refs follow later changes.
// - useActor(logic): started at mount, stopped (its request aborted) at unmount.
import { describe, expect, it } from 'vitest';
import { type Component, defineComponent, h, type ShallowRef } from 'vue';
import type { Actor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { type UseActorReturn, useActor, useSelector, useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';
import { fakeAuth } from '../bindings/fixtures';
import { turns } from '../support/event-loop';
import { mountVue } from './vue-host';

const component = (setup: () => void): Component =>
  defineComponent({
    setup() {
      setup();
      return () => h('div');
    },
  });

describe('pam-client/vue in a mounted component', () => {
  it('useSession and useSelector: subscribed from mount to unmount, the setup-to-mount change shown', async () => {
    const client = fakeSessionClient();
    let status: Readonly<ShallowRef<string>> | undefined;
    let busy: Readonly<ShallowRef<boolean>> | undefined;
    const state = { getSnapshot: () => client.view, subscribe: client.subscribe };
    const unmount = mountVue(
      component(() => {
        status = useSession(client).status;
        busy = useSelector(state, (v) => v.status === 'signingIn');
        // A change after setup, before the mount (a view that landed meanwhile).
        client.set({ status: 'signingIn' });
        expect(client.listeners()).toBe(0);
      }),
    );
    expect(client.listeners()).toBe(2);
    expect(status!.value).toBe('signingIn');
    expect(busy!.value).toBe(true);
    client.set({ status: 'signedIn' });
    expect(status!.value).toBe('signedIn');
    expect(busy!.value).toBe(false);
    unmount();
    expect(client.listeners()).toBe(0);
    client.set({ status: 'signedOut' });
    expect(status!.value).toBe('signedIn');
  });

  it('useActor(logic): started at mount, stopped with its request aborted at unmount', async () => {
    const { auth, calls, aborted } = fakeAuth();
    let bound: UseActorReturn<Actor<typeof loginMachine>> | undefined;
    const unmount = mountVue(
      component(() => {
        bound = useActor(loginMachine, { input: { auth } });
      }),
    );
    expect(bound!.actorRef.getSnapshot().status).toBe('active');
    bound!.send({ type: 'SUBMIT', login: 'player@example.com', password: 'Secret123!' });
    expect(bound!.snapshot.value.value).toBe('submitting');
    await turns(3);
    expect(calls).toHaveLength(1);
    unmount();
    expect(bound!.actorRef.getSnapshot().status).toBe('stopped');
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(aborted).toEqual(['login']);
  });
});
