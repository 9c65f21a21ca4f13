// Review 80, controls for findings 1 and 2 (these hold): on a RIGHT device clock (Date still hidden)
// the same kept pause bars, and the same self-contradicting "none" read is not free to bet. So the
// failures in unlearned-clock-*.test.ts come from the untaught device clock being days ahead.
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { withoutDate } from '../support/hidden-date';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

const DAY = 86_400_000;
const ctx = useReferenceServer();
const pam = usePamClients(ctx);
useMemoryLocalStorage();
const sp = (t: number) => new Date(t - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('review80 controls: a right device clock, Date hidden', () => {
  it('a kept pause of an hour ago bars', async () => {
    localStorage.setItem(
      'pam-client.restricted:1',
      JSON.stringify({ kind: 'pause', at: Date.now() - 3_600_000 }),
    );
    const tracked = trackedFetch(withoutDate());
    const client = pam.client({
      fetch: tracked.fetch,
      environment: { clock: createClock({ wall: () => Date.now() }) },
    });
    await pam.signIn(client, 'plain');
    await until(() => !!client.view.restrictions?.checkedAt, 'the read taken');
    await tracked.idle();
    expect(client.view.restrictions?.canBet).toBe(false);
  });

  it('spa_exclusion 0 with its start ahead is not free', async () => {
    const edit = (u: Record<string, unknown>) =>
      Object.assign(u, { spa_exclusion: 0, spa_exclusion_at: sp(Date.now() + 3 * DAY) });
    const tracked = trackedFetch(withoutDate(profileRewritingFetch(globalThis.fetch, edit)));
    const client = pam.client({
      fetch: tracked.fetch,
      environment: { clock: createClock({ wall: () => Date.now() }) },
    });
    const free: unknown[] = [];
    client.subscribe((v) => v.restrictions?.canBet && free.push(v.restrictions.status));
    await pam.signIn(client, 'plain');
    await tracked.idle();
    await until(
      () =>
        client.view.restrictions?.status === 'unknown' &&
        ctx.server.requests.some((r) => r.path === '/auth/user-profile'),
      'read',
    );
    await tracked.idle();
    expect(free).toEqual([]);
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});
