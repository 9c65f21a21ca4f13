// Severity: LOW-MEDIUM (a view frozen for good: restrictions never shown; or a listener leaked).
// docs/bindings.md: "the Vue composables (`useSession`, `useSelector`, `useActor`) subscribe at
// mount ... In a bare effect scope they subscribe at once"; vue.ts `follow`: "`subscribe()` for as
// long as the current effect scope lives ... ended with the scope".
// What happens: `follow` (src/bindings/vue.ts) decides "component or bare scope" by
// `getCurrentInstance()`, which Vue also sets while a component's lifecycle hooks run and inside any
// effect scope made in its setup. So:
// 1. A composable first called once the component is mounted (in `onMounted`, e.g. a store or a
//    shared composable created lazily there) registers an `onMounted` that never runs: it never
//    subscribes, its refs keep the view of that moment for good (a later restriction, a sign-out,
//    never shown). Before review 86 it subscribed at once.
// 2. A composable run in an effect scope of its own inside setup, that scope stopped before the
//    component mounts: the subscription is made at mount anyway and nothing ever ends it (its scope
//    was disposed already), not even the component's unmount.
import { describe, expect, it } from 'vitest';
import { defineComponent, effectScope, h, onMounted, type Ref } from 'vue';
import { useSelector, useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';
import { createApp, root } from './vue-renderer';

describe('Vue composables called after the component mounted', () => {
  it('useSession in onMounted follows the view', () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    let status: Readonly<Ref<string>> | undefined;
    const Panel = defineComponent({
      setup() {
        onMounted(() => {
          status = useSession(client).status;
        });
        return () => h('p', 'panel');
      },
    });
    const app = createApp(Panel);
    app.mount(root());
    client.set({ status: 'signingIn' });
    const seen = status?.value;
    app.unmount();
    expect(seen).toBe('signingIn');
  });

  it('a store-like detached scope created in onMounted (useSelector) follows the view', () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const state = { getSnapshot: () => client.view, subscribe: (l: () => void) => client.subscribe(l) };
    const store = effectScope(true);
    let status: Readonly<Ref<string>> | undefined;
    const Panel = defineComponent({
      setup() {
        onMounted(() => {
          status = store.run(() => useSelector(state, (v) => v.status));
        });
        return () => h('p', 'panel');
      },
    });
    const app = createApp(Panel);
    app.mount(root());
    client.set({ status: 'signingIn' });
    const seen = status?.value;
    app.unmount();
    store.stop();
    expect(seen).toBe('signingIn');
  });
});

describe('Vue composables in an effect scope stopped before the mount', () => {
  it('leave no listener on the client', () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const Panel = defineComponent({
      setup() {
        const scope = effectScope();
        scope.run(() => useSession(client));
        scope.stop();
        return () => h('p', 'panel');
      },
    });
    const app = createApp(Panel);
    app.mount(root());
    app.unmount();
    expect(client.listeners()).toBe(0);
  });
});
