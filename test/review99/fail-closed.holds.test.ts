// Review 99 (holds): when the sealed store or the API fails, the browser client in server-session
// mode never shows a signed-in player it cannot vouch for, nor one free to bet. Real sockets: the
// reference server, `pam-client/server` in front of it with a store behind a switch, and the client
// on a browser profile's fetch.

import { createStorage } from 'unstorage';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { createPamServer, unstorageSessionStore } from '../../src/server/index';
import type { PamSessionStore } from '../../src/server/types';
import { SECRETS } from '../server/harness';
import { browserProfile } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const started: { stop(): void }[] = [];
const served: ServedHandler[] = [];
afterEach(async () => {
  for (const c of started.splice(0)) c.stop();
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** A store that fails every call while `down.now`. */
function switchable(down: { now: boolean }): PamSessionStore {
  const inner = unstorageSessionStore(createStorage(), { claimSettleMs: 0 });
  const gate =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) =>
      down.now ? Promise.reject(new Error('redis down')) : f(...a);
  return { get: gate(inner.get), set: gate(inner.set), claim: gate(inner.claim) };
}

async function setup(down: { now: boolean }) {
  const pam = createPamServer({
    apiBaseURL: ref.server.url,
    secrets: SECRETS,
    store: switchable(down),
    cookie: { secure: false },
  });
  const s = await serveHandler((request, context) => pam.handle(request, context));
  served.push(s);
  return { pam, url: s.url };
}

function clientOf(url: string, profile = browserProfile(url)) {
  const client = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
  started.push(client);
  const views: { status: string; canBet: boolean | undefined; user: unknown }[] = [];
  client.subscribe((v) => views.push({ status: v.status, canBet: v.restrictions?.canBet, user: v.user }));
  return { client, profile, views };
}

describe('review 99: fail closed on a failing store', () => {
  it('a signed-in browser restoring while the store is down: never signed in, never free to bet', async () => {
    const down = { now: false };
    const { url } = await setup(down);
    const { plain } = ref.server.seed;
    const first = clientOf(url);
    await first.client.ready;
    first.client.login({ login: plain.email, password: plain.password });
    await until(() => first.client.view.status === 'signedIn', 'signed in');
    first.client.stop();
    down.now = true;
    const again = clientOf(url, first.profile);
    await turns(200);
    expect(again.client.view.status).not.toBe('signedIn');
    expect(again.views.some((v) => v.status === 'signedIn' || v.canBet === true)).toBe(false);
    expect(again.client.view.restrictions?.canBet ?? false).toBe(false);
  });

  it('a login while the store is down (a first login needs no store): signed in from its answer, its restrictions never vouched for, never free to bet', async () => {
    const down = { now: true };
    const { url } = await setup(down);
    const { plain } = ref.server.seed;
    const { client, views } = clientOf(url);
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    await turns(300);
    expect(client.view.restrictions?.status).not.toBe('current');
    expect(views.some((v) => v.canBet === true)).toBe(false);
  });

  it('the store fails after sign-in: the player is never shown free to bet meanwhile', async () => {
    const down = { now: false };
    const { url } = await setup(down);
    const { paused } = ref.server.seed;
    const { client, views } = clientOf(url);
    await client.ready;
    client.login({ login: paused.email, password: paused.password });
    await until(() => client.view.restrictions?.status === 'current', 'restrictions read');
    expect(client.view.restrictions?.canBet).toBe(false);
    down.now = true;
    await turns(200);
    expect(views.some((v) => v.canBet === true)).toBe(false);
  });
});
