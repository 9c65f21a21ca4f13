// Review 126: a signed-in client whose logout the API answers `status`/`body` (a proxy in front
// of the reference server, real sockets), and whether the revoke is sent again after its wait.
import { afterEach } from 'vitest';
import { createPamClient } from '../../machines/index';
import { hostileProxy } from '../review124/hostile-proxy';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { manualTimers } from './manual-timers';

export function useLogoutProbe() {
  const ctx = useReferenceServer();
  const { keep, signIn } = usePamClients(ctx);
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });

  return async function logoutAnswered(status: number, body: string) {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) => (p === '/auth/logout' ? { status, body } : undefined),
    );
    closers.push(proxy.close);
    const t = manualTimers();
    const c = keep(
      createPamClient({
        baseURL: proxy.url,
        timeout: 10_000,
        environment: { channel: null, timers: t.timers, random: () => 0.5 },
      }),
    );
    await signIn(c);
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    const logouts = () => proxy.hits.filter((h) => h.path === '/auth/logout').length;
    const first = logouts();
    const ran = t.run(500, 500); // the first resend's wait (0.5 s at random 0.5)
    await (ran > 0 ? until(() => logouts() > first, 'the resend reached the API') : Promise.resolve());
    return { first, ran, after: logouts(), status: c.view.status };
  };
}
