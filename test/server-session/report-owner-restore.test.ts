import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useClients } from './forged-support';
import { browserProfile, runningClock, usePam } from './support';

// REVIEW-27C R27C-1, server-session mode with no seed (the client reads its session at start, tag
// `restoring`): a report call made before that read lands is the restored login's.
const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients = useClients();
useMemoryLocalStorage();

describe('server-session, unseeded start', () => {
  it.each(['years', 'address'] as const)('%s made while the session is read', async (which) => {
    const profile = browserProfile(fx.served.url);
    const c1 = createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule()],
      environment: { channel: null },
    });
    clients.push(c1);
    const { email, password } = ref.server.seed.plain;
    await c1.ready;
    c1.login({ login: email, password });
    await until(() => c1.view.status === 'signedIn', 'in');
    c1.stop();
    // Reload: same cookie jar, no seed.
    const c2 = createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule()],
      environment: { channel: null },
    });
    clients.push(c2);
    const u = c2.user as unknown as { getAvailableYears(): Promise<unknown>; getAddress(): Promise<unknown> };
    const status = c2.view.status;
    const res = await (which === 'years' ? u.getAvailableYears() : u.getAddress()).then(
      () => 'resolved',
      (e: PamError) => `rejected ${e.code}`,
    );
    expect(status).toBe('restoring');
    expect(res).toBe('resolved');
  });
});
