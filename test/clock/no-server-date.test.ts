import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 26: a cross-origin API that does not list `Date` in `Access-Control-Expose-Headers` hides
// it from the page; the client then has no server time to learn, and its `debug` log says so once.
// The browser's hiding is played by a fetch that drops the header from every answer.

const ctx = useReferenceServer();
const hidden: typeof fetch = async (input, init) => {
  const answer = await globalThis.fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.delete('date');
  const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};
const tracked = trackedFetch(hidden);
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signIn(client: PamClient) {
  const { email, password } = ctx.server.seed.plain;
  client.login({ login: email, password });
  await until(() => client.view.status === 'signedIn', 'signed in');
  await tracked.idle();
}

describe('an API that hides Date', () => {
  it('says so once in the debug log, and serverNow stays the device clock', async () => {
    const lines: string[] = [];
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null },
      debug: (line) => lines.push(line),
    });
    clients.push(client);
    await signIn(client);
    client.state.send({ type: 'REFRESH' });
    await until(() => ctx.server.requests.length >= 3, 'the refresh reached the server');
    await tracked.idle();
    const said = lines.filter((l) => l.startsWith('clock:'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('Access-Control-Expose-Headers');
    expect(client.environment.clock.offsetMs()).toBe(0);
  });

  it('says nothing without debug', async () => {
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null },
    });
    clients.push(client);
    await signIn(client);
    expect(client.view.status).toBe('signedIn');
    expect(client.environment.clock.offsetMs()).toBe(0);
  });
});
