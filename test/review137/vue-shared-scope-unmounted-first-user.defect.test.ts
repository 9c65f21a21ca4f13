// REVIEW137 (defect): a shared session store built the way Pinia builds a setup store (a detached
// effect scope made once, while the first component that asks for it is in setup) never follows
// the client when that first component does not mount: `follow` (src/bindings/vue.ts) defers the
// subscription to THAT component's `onMounted`, although the scope it lives in is not the
// component's and outlives it. Here the first user sits under a <Suspense> whose async sibling is
// still pending and the branch is left (a navigation) before it resolves; every later component
// reading the shared refs shows the first view forever: a pause told later leaves the player shown
// free to bet (fail open).
import { describe, expect, it } from 'vitest';
import { defineComponent, type EffectScope, effectScope, h, nextTick, ref, Suspense } from 'vue';
import { useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';
import { mountVue } from '../review121/vue-host';

type Restrictions = NonNullable<import('pam-client/machines').SessionView['restrictions']>;
const FREE = { status: 'current', canBet: true } as unknown as Restrictions;
const BARRED = { ...FREE, canBet: false } as Restrictions;

describe('pam-client/vue in a shared (Pinia-style) scope', () => {
  it('the shared refs follow the client although the first component to ask never mounted', async () => {
    const client = fakeSessionClient({ status: 'signedIn', restrictions: FREE });
    // defineStore('session', () => useSession(client)), as Pinia runs it: once, in a detached scope.
    let shared: { scope: EffectScope; session: ReturnType<typeof useSession<typeof client>> } | undefined;
    const useSharedSession = () => {
      if (!shared) {
        const scope = effectScope(true);
        shared = { scope, session: scope.run(() => useSession(client))! };
      }
      return shared.session;
    };
    const pending = new Promise<never>(() => {});
    const Slow = defineComponent({
      async setup() {
        await pending; // a page's data that never comes in time
        return () => h('div');
      },
    });
    const FirstUser = defineComponent({
      setup() {
        useSharedSession();
        return () => h('div');
      },
    });
    const Header = defineComponent({
      setup() {
        const { restrictions } = useSharedSession();
        return () => h('div', String(restrictions.value?.canBet));
      },
    });
    const page = ref(true);
    let readCanBet: (() => boolean | undefined) | undefined;
    const unmount = mountVue(
      defineComponent({
        setup() {
          return () => [
            page.value ? h(Suspense, null, { default: () => h('div', [h(Slow), h(FirstUser)]) }) : null,
          ];
        },
      }),
    );
    page.value = false; // navigated away before the page resolved
    await nextTick();
    const unmountHeader = mountVue(
      defineComponent({
        setup() {
          const { restrictions } = useSharedSession();
          readCanBet = () => restrictions.value?.canBet;
          return () => h(Header);
        },
      }),
    );
    expect(readCanBet!()).toBe(true);
    client.set({ restrictions: BARRED });
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(readCanBet!()).toBe(false);
    unmountHeader();
    unmount();
    shared?.scope.stop();
  });
});
