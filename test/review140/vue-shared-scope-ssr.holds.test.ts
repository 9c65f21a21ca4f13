// Review 140 (this pass's review-137 fix, src/bindings/vue.ts `follow`): a scope that is not the
// component's (a Pinia-style shared store made in a setup) subscribes at once, except in a server
// render (`inject(ssrContextKey)`). Under Vue's own `renderToString`, render after render: no
// listener left on the client, no actor started; a store scope made once for the process (a
// module-level one) the same; nested components and a child scope too. And on the client: no Vue
// warning from the `inject` made outside the component's own scope.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSSRApp,
  defineComponent,
  type EffectScope,
  effectScope,
  h,
  KeepAlive,
  nextTick,
  ref,
} from 'vue';
import { renderToString } from 'vue/server-renderer';
import { fromCallback, setup } from 'xstate';
import { useActor, useSelector, useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';
import { mountVue } from '../review121/vue-host';

function polling() {
  let live = 0;
  const machine = setup({
    actors: {
      poll: fromCallback(() => {
        live++;
        return () => void live--;
      }),
    },
  }).createMachine({ initial: 'polling', states: { polling: { invoke: { src: 'poll' } } } });
  return { machine, live: () => live };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('Vue shared scopes under the server renderer', () => {
  it('a store scope made per render (per app, as Pinia): 0 listeners, no actor started', async () => {
    const client = fakeSessionClient({ status: 'signedIn' });
    const { machine, live } = polling();
    const scopes: EffectScope[] = [];
    const Child = defineComponent({
      setup() {
        const scope = effectScope(true);
        scopes.push(scope);
        const s = scope.run(() => ({
          session: useSession(client),
          status: useSelector(
            { getSnapshot: () => client.view, subscribe: (l: () => void) => client.subscribe(l) },
            (v) => v.status,
          ),
          actor: useActor(machine),
        }))!;
        return () =>
          h('p', `${s.session.status.value}/${s.status.value}/${String(s.actor.snapshot.value.value)}`);
      },
    });
    const Page = defineComponent({ setup: () => () => h('div', [h(Child), h(Child)]) });
    for (let i = 0; i < 4; i++)
      expect(await renderToString(createSSRApp(Page))).toContain('signedIn/signedIn/polling');
    expect(client.listeners()).toBe(0);
    expect(live()).toBe(0);
    for (const s of scopes) s.stop();
  });

  it('a store scope made once for the process, first asked in a server render: 0 listeners', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    let shared: ReturnType<typeof useSession<typeof client>> | undefined;
    const scope = effectScope(true);
    const Panel = defineComponent({
      setup() {
        shared ??= scope.run(() => useSession(client));
        return () => h('p', shared!.status.value);
      },
    });
    for (let i = 0; i < 3; i++) expect(await renderToString(createSSRApp(Panel))).toContain('signedOut');
    expect(client.listeners()).toBe(0);
    scope.stop();
  });

  it('a child scope (not detached) made in a setup, server-rendered: 0 listeners', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const Panel = defineComponent({
      setup() {
        const s = effectScope().run(() => useSession(client))!;
        return () => h('p', s.status.value);
      },
    });
    for (let i = 0; i < 3; i++) await renderToString(createSSRApp(Panel));
    expect(client.listeners()).toBe(0);
  });
});

describe('Vue shared scopes on the client', () => {
  it('subscribes once in a shared scope, no Vue warning; KeepAlive deactivation keeps one listener', async () => {
    const client = fakeSessionClient({ status: 'signedIn' });
    const scope = effectScope(true);
    let shared: ReturnType<typeof useSession<typeof client>> | undefined;
    const Panel = defineComponent({
      name: 'Panel',
      setup() {
        shared ??= scope.run(() => useSession(client));
        const own = useSession(client);
        return () => h('p', `${shared!.status.value}${own.status.value}`);
      },
    });
    const Other = defineComponent({ name: 'Other', setup: () => () => h('p', 'other') });
    const show = ref(true);
    const unmount = mountVue(
      defineComponent({ setup: () => () => h(KeepAlive, null, [show.value ? h(Panel) : h(Other)]) }),
    );
    await nextTick();
    expect(client.listeners()).toBe(2); // the shared scope's, the component's own
    show.value = false; // deactivated, kept alive
    await nextTick();
    show.value = true; // activated again
    await nextTick();
    expect(client.listeners()).toBe(2);
    client.set({ status: 'signedOut' });
    expect(shared!.status.value).toBe('signedOut');
    unmount();
    expect(client.listeners()).toBe(1); // the shared scope outlives the component
    scope.stop();
    expect(client.listeners()).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });
});
