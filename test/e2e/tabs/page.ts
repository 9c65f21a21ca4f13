// A page of the cross-tab suite: the library bundled from its sources, one client per page, on
// the same origin as the reference server (behind /api), so the tabs share a BroadcastChannel.
import { createWebStorageTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';

// `?store=web`: the session in localStorage (shared by the pages), else the default memory store.
const web = new URLSearchParams(location.search).get('store') === 'web';
const baseURL = `${location.origin}/api`;
const client = createPamClient({
  baseURL,
  timeout: 2000,
  ...(web ? { storage: createWebStorageTokenStore() } : {}),
});
const w = window as unknown as Record<string, unknown>;
w.pam = {
  client,
  status: () => client.view.status,
  token: async () => (await client.tokens.get())?.accessToken ?? null,
  /** The view as plain data (what the page would render). */
  view: () => JSON.parse(JSON.stringify(client.view)),
  login: (login: string, password: string) => client.login({ login, password }),
  /** Posts `message` raw on the client's channel, as a foreign script of the origin could. */
  post: (message: unknown) => {
    const channel = new BroadcastChannel(`pam-client:${baseURL}`);
    channel.postMessage(message);
    channel.close();
  },
  /** n calls to an authenticated endpoint, each resolving to 'ok' or the error's code, with its time. */
  calls: (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const started = performance.now();
        const outcome = await client.user.getAddress().then(
          () => 'ok',
          (e: { code?: string }) => e.code ?? 'error',
        );
        return { outcome, ms: performance.now() - started };
      }),
    ),
};
document.body.dataset.ready = 'true';
