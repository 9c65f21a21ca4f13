// REVIEW105: tabs of one origin on a fake BroadcastChannel hub, clients over real sockets against the
// reference server, and a hostile "tab" that posts raw messages onto the same hub.
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import { afterEach } from 'vitest';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { REAL_TIME_TIMEOUT_MS, type ServerFixture } from '../support/server';

export const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

export function tabOn(
  ctx: ServerFixture,
  hub: FakeChannelHub,
  tabId: string,
  options: Partial<PamClientOptions> = {},
): PamClient {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    retry: 0,
    ...options,
    environment: { channel: hub.channel(), tabId, ...(options.environment ?? {}) },
  } as PamClientOptions);
  clients.push(c);
  return c;
}

export async function signIn(c: PamClient, who: { email: string; password: string }): Promise<void> {
  await until(
    () => c.view.status === 'signedOut',
    () => `not signed out: ${c.view.status}`,
  );
  c.login({ login: who.email, password: who.password });
  await until(
    () => c.view.status === 'signedIn' && c.view.restrictions?.status === 'current',
    () => `${c.view.status} ${c.view.restrictions?.status}`,
  );
}

export const ids = (c: PamClient) => {
  const ctx = sessionActorOf(c).getSnapshot().context as unknown as {
    userId: number;
    sid: number;
    seq: number;
    clock: number;
  };
  return { userId: ctx.userId, sid: ctx.sid, seq: ctx.seq, clock: ctx.clock };
};

/** A hostile script on the same origin: posts raw messages on the hub. */
export function hostile(hub: FakeChannelHub) {
  const ch = hub.channel();
  const heard: unknown[] = [];
  ch.addEventListener('message', (e) => heard.push(e.data));
  return {
    heard,
    post: (m: Record<string, unknown>) => ch.postMessage({ app: 'pam-client', v: 1, from: 'ZZZ', ...m }),
    raw: (m: unknown) => ch.postMessage(m),
  };
}

export { FakeChannelHub };
