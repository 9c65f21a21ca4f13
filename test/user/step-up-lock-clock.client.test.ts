import { createClock, sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_LOCK_MS, STEP_UP_STORAGE_PREFIX } from '../../src/user/step-up-attempts';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// The client gives the step-up count the one clock's trust (`trusted()` and `learned()`): a page
// whose device clock is 1 h ahead and that never learned the server's time (a cross-origin API
// that hides `Date`) keeps another tab's 15-minute lock; it ended at once before (the count's
// clock alone said the lock was over), and the password was sent.

const ctx = useReferenceServer();
const hiding: typeof fetch = async (input, init) => {
  const answer = await globalThis.fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.delete('date');
  const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};
const tracked = trackedFetch(hiding);
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.unstubAllGlobals();
});

describe('the client counts step-up attempts on the one clock’s trust', () => {
  it('a device clock 1 h ahead, never taught the server time, keeps another tab’s lock: no password sent', async () => {
    const m = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    });
    const clock = createClock({ wall: () => Date.now() + 3_600_000 });
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      timeout: 2000,
      environment: { channel: null, clock },
    });
    clients.push(client);
    const { email, password } = ctx.server.seed.plain;
    client.login({ login: email, password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    await tracked.idle();
    expect(clock.learned?.()).toBe(false);
    const userId = sessionActorOf(client).getSnapshot().context.userId;
    // Another tab locked the player 1 minute ago (server time).
    const lockedUntil = Date.now() - 60_000 + STEP_UP_LOCK_MS;
    m.set(`${STEP_UP_STORAGE_PREFIX}player ${userId}`, JSON.stringify({ wrong: 3, lockedUntil, held: [] }));
    const before = ctx.server.requests.length;
    await expect(
      client.user.updateEmail({ email: 'locked@example.com', password_check: password }),
    ).rejects.toMatchObject({ code: 'step_up_locked', retryAt: lockedUntil });
    expect(
      ctx.server.requests.slice(before).filter((r) => r.body && 'password_check' in (r.body as object)),
    ).toEqual([]);
  });
});
