// Review 140 (LOW; the class of review 86, left by review 137's fix): `follow`
// (src/bindings/vue.ts) tells a server render by `inject(ssrContextKey)`, which only answers inside
// a component being rendered. A Pinia setup store is often made for the request BEFORE the render,
// outside any component: in a router guard or a server prefetch step, run in the app's context
// (`app.runWithContext`, as Pinia does) and the request's store scope (`effectScope(true)`). There,
// `getCurrentInstance()` is null, so the binding subscribes at once: with the client made once in a
// module (the docs' way) and live on the server (an absolute baseURL), every request leaves one
// listener on it for the life of the process (the request's Pinia is never disposed on a server).
import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, effectScope, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from '../bindings/fake-session';

describe('pam-client/vue: a shared store made for a server request before its render', () => {
  // Left (LOW, sixtieth pass; as before review 137): outside any component, before the render, the
  // binding cannot tell a server from a page without a DOM (a Node test, NativeScript): nothing Vue
  // offers there says "server render". docs/bindings.md: on the server, give such stores an inert
  // client (a relative baseURL, as the docs' apps do), which holds no listener to leak.
  it.fails('leaves no listener on the client, request after request', async () => {
    const client = fakeSessionClient({ status: 'signedOut' });
    const REQUESTS = 5;
    for (let i = 0; i < REQUESTS; i++) {
      // One request: its app, its store scope (Pinia's `effectScope(true)`), its router guard.
      const pinia = effectScope(true);
      let store: ReturnType<typeof useSession<typeof client>> | undefined;
      const useStore = () => (store ??= pinia.run(() => useSession(client)));
      const Page = defineComponent({
        setup() {
          const s = useStore()!;
          return () => h('p', s.status.value);
        },
      });
      const app = createSSRApp(Page);
      app.runWithContext(() => useStore()); // router.beforeEach(() => useSessionStore().status ...)
      expect(await renderToString(app)).toContain('signedOut');
    }
    expect(client.listeners()).toBe(0);
  });
});
