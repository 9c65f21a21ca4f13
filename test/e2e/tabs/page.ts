// A page of the cross-tab suite: the library bundled from its sources, one client per page, on
// the same origin as the reference server (behind /api), so the tabs share a BroadcastChannel.
import { createPamClient } from 'pam-client/machines';

const client = createPamClient({ baseURL: `${location.origin}/api`, timeout: 2000 });
const w = window as unknown as Record<string, unknown>;
w.pam = {
  client,
  status: () => client.view.status,
  token: async () => (await client.tokens.get())?.accessToken ?? null,
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
