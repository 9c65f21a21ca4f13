// REVIEW137 (defect): pam-client/vue composables (useSession, useSelector, useActor) used from a
// component's `onBeforeMount` (or from a scope that outlives a component that never mounts) never subscribe. `follow`
// (src/bindings/vue.ts) defers the subscription to `onMounted` whenever the current instance is not
// mounted yet; Vue reads a component's mounted hooks BEFORE it runs `beforeMount`, so a hook added
// there never runs. The refs stay on the first view for the life of the component: a pause told
// afterwards still shows the player free to bet (fail open).
import { describe, expect, it } from 'vitest';
import { defineComponent, h, onBeforeMount, type ShallowRef } from 'vue';
import type { Actor } from 'xstate';
import { type UseActorReturn, useActor, useSelector, useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';
import { counterMachine } from '../bindings/fixtures';
import { mountVue } from '../review121/vue-host';

const FREE = {
  status: 'current',
  canBet: true,
} as unknown as NonNullable<import('pam-client/machines').SessionView['restrictions']>;
const BARRED = { ...FREE, canBet: false } as typeof FREE;

describe('pam-client/vue used in onBeforeMount', () => {
  it('useSession: the refs follow a later change (a pause) while mounted', () => {
    const client = fakeSessionClient({ status: 'signedIn', restrictions: FREE });
    let canBet: (() => boolean | undefined) | undefined;
    const unmount = mountVue(
      defineComponent({
        setup() {
          onBeforeMount(() => {
            const { restrictions } = useSession(client);
            canBet = () => restrictions.value?.canBet;
          });
          return () => h('div');
        },
      }),
    );
    expect(canBet!()).toBe(true);
    client.set({ restrictions: BARRED });
    // The client says barred; the mounted component's ref must too.
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(canBet!()).toBe(false);
    unmount();
  });

  it('useSelector(client.state): subscribed while mounted', () => {
    const client = fakeSessionClient({ status: 'signedIn', restrictions: FREE });
    const state = { getSnapshot: () => client.view, subscribe: client.subscribe };
    let selected: Readonly<ShallowRef<boolean | undefined>> | undefined;
    const unmount = mountVue(
      defineComponent({
        setup() {
          onBeforeMount(() => {
            selected = useSelector(state, (v) => v.restrictions?.canBet);
          });
          return () => h('div');
        },
      }),
    );
    expect(client.listeners()).toBe(1);
    client.set({ restrictions: BARRED });
    expect(selected!.value).toBe(false);
    unmount();
    expect(client.listeners()).toBe(0);
  });

  it('useActor(logic): the actor runs while mounted (an event is taken) and is stopped at unmount', () => {
    let bound: UseActorReturn<Actor<typeof counterMachine>> | undefined;
    const unmount = mountVue(
      defineComponent({
        setup() {
          onBeforeMount(() => {
            bound = useActor(counterMachine);
          });
          return () => h('div');
        },
      }),
    );
    bound!.send({ type: 'INC' });
    expect(bound!.snapshot.value.context.count).toBe(1);
    unmount();
    expect(bound!.actorRef.getSnapshot().status).toBe('stopped');
  });
});
