import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type InspectionEvent, waitFor } from 'xstate';
import { until } from './support/event-loop';
import { reachableStrings } from './support/reachable';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from './support/server';
import { trackedFetch } from './support/tracked-fetch';

// Size pass (issue 33): the outcome check's re-read drops the profile's `user.token` once
// (machines/client/flows.ts, `withoutUserToken`) and hands that token-less profile both to the
// session (`profileRead`, which no longer strips it again) and to `mutationOutcomeUnknown`. The
// reference server's profile answer carries `user.token`: neither the session's event, its
// snapshots, the view nor the emitted event may hold it, and the session still gets the player.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const tracked = trackedFetch();

describe('the outcome re-read reaches the session without the user token', () => {
  it('PROFILE_LOADED carries the player, never the token; nor does any snapshot, the view or the event', async () => {
    const inspected: InspectionEvent[] = [];
    const c = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      timeout: REAL_TIME_TIMEOUT_MS,
      inspect: (e) => inspected.push(e),
    });
    clients.push(c);
    const snapshots: unknown[] = [];
    sessionActorOf(c).subscribe((s) => snapshots.push(s));
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const events: unknown[] = [];
    c.on('mutationOutcomeUnknown', (e) => events.push(e));
    ctx.server.faults.add({ method: 'PATCH', path: '/bff/users/self-mkt', status: 504, times: 1 });
    await c.user.updateMarketing({ mkt_accepted: true }).catch(() => {});
    await until(() => events.length === 1, 'one event');
    const loaded = () =>
      inspected.flatMap((e) =>
        e.type === '@xstate.event' && e.event.type === 'PROFILE_LOADED'
          ? [e.event as unknown as { user: Record<string, unknown> | null; remote: boolean }]
          : [],
      );
    await until(() => loaded().some((e) => e.remote === false), 'the re-read told to the session');
    const told = loaded().filter((e) => e.remote === false);
    expect(told).toHaveLength(1);
    expect(told[0]!.user).toEqual(expect.objectContaining({ id: expect.any(Number) }));
    expect(told[0]!.user).not.toHaveProperty('token');
    expect((events[0] as { profile: { user: object } }).profile.user).not.toHaveProperty('token');
    const token = (await c.tokens.get())?.accessToken;
    expect(token).toMatch(/\S{16,}/);
    const everywhere = reachableStrings([snapshots, inspected, events, c.view]);
    expect(everywhere.filter((s) => s.includes(token!))).toEqual([]);
  });
});
