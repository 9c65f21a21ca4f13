// REVIEW86 — severity MEDIUM (leak on a server process).
//
// docs/bindings.md: "Every example creates the client **once, in a module**" (with an absolute
// `baseURL: 'https://api.example.com'`, which is a LIVE client on a server: only a relative baseURL
// makes it inert) and "The bindings only subscribe"; the Vue binding's own doc says useSession
// "only subscribes (until the current scope, e.g. the component, is disposed)". The CHANGELOG
// (REVIEW-P P3/P3b) records that "Vue's SSR unmounts nothing, so a `useSession(client)` per render
// grew the heap for good", and fixed it only for the INERT clients (their subscribe is a no-op) and
// for `useActor(logic)` (started on mount).
//
// What happens: `useSession`, `useSelector` and `useActor(runningActor)` subscribe in `setup`
// and release only in `onScopeDispose`, which Vue's server renderer never runs. With a live client
// held in a module (the docs' own example, or any client with an absolute baseURL or the app's own
// `fetch`), every server render adds one listener to the client for the life of the process (each
// later view change then walks them all).
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { useActor, useSelector, useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';

const RENDERS = 5;
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

describe('Vue bindings under the server renderer keep no subscription', () => {
  it('useSession(client): N server renders leave 0 listeners on the client', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const Panel = defineComponent({
      setup() {
        const { status } = useSession(client);
        return () => h('p', status.value);
      },
    });
    for (let i = 0; i < RENDERS; i++)
      expect(await renderToString(createSSRApp(Panel))).toContain('signedOut');
    expect(client.listeners()).toBe(0);
  });

  it('useSession on a live createPamClient (absolute baseURL, as the docs create it in a module)', async () => {
    const kit = createReferenceFetch();
    const real = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null } });
    stops.push(() => real.stop());
    // Count the live subscriptions the hub holds (the binding calls client.subscribe).
    let live = 0;
    const hubSubscribe = real.subscribe;
    real.subscribe = (listener) => {
      live++;
      const off = hubSubscribe(listener);
      let open = true;
      return () => {
        if (open) live--;
        open = false;
        off();
      };
    };
    const Panel = defineComponent({
      setup() {
        const { status } = useSession(real);
        return () => h('p', status.value);
      },
    });
    for (let i = 0; i < RENDERS; i++) await renderToString(createSSRApp(Panel));
    expect(live).toBe(0);
  });

  it('useSelector(client.state, …): N server renders leave 0 listeners', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const state = { getSnapshot: () => client.view, subscribe: (l: () => void) => client.subscribe(l) };
    const Panel = defineComponent({
      setup() {
        const status = useSelector(state, (v) => v.status);
        return () => h('p', status.value);
      },
    });
    for (let i = 0; i < RENDERS; i++) await renderToString(createSSRApp(Panel));
    expect(client.listeners()).toBe(0);
  });

  it('useActor(a running actor ref): N server renders leave 0 subscriptions', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    // A running actor as useActor takes one (it has `send`): the session as `client.state` gives it.
    const ref = {
      send: () => {},
      getSnapshot: () => client.view,
      subscribe: (l: () => void) => client.subscribe(l),
    };
    const Panel = defineComponent({
      setup() {
        const { snapshot } = useActor(ref as never);
        return () => h('p', String((snapshot.value as { status: string }).status));
      },
    });
    for (let i = 0; i < RENDERS; i++) await renderToString(createSSRApp(Panel));
    expect(client.listeners()).toBe(0);
  });
});
