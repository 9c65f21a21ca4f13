import { inspect } from 'node:util';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';
import { logIn, S, type Tab, useWorld } from '../support/world';

// REVIEW-C F6 (browser side), through the whole client: two tabs of one origin on the reference
// server (real sockets, a simulated clock). Tab A signs in, tab B takes the session; A refreshes
// (the server rotates: the token it replaced is revoked at once), B adopts the new token. An answer
// echoing a token either tab held before (the replaced one, in A the one it refreshed away, in B
// the one it took from A) reached the refresh failure's error in the snapshot, the view, the
// `refreshFailed` event, the inspector and the debug log. Now none of them holds it.

const world = useWorld();

/** A tab recording all it lets out: views, events, inspection events and debug lines. */
function recordingTab(tabId: string, random: number) {
  const seen: unknown[] = [];
  const tab = world.open({
    tabId,
    random,
    retry: 0,
    inspect: (event: InspectionEvent) =>
      seen.push(JSON.stringify(event), inspect((event as { event?: unknown }).event, { depth: 8 })),
    debug: (line, detail) => seen.push(line, detail, inspect(detail, { depth: 8 })),
  });
  for (const type of ['signedIn', 'tokenRefreshed', 'refreshFailed', 'signedOut'] as const)
    tab.client.on(type, (event) => seen.push(event, inspect(event, { depth: 8 })));
  tab.client.subscribe((view) => seen.push(view, JSON.stringify(view)));
  const surfaces = () => {
    const actor = sessionActorOf(tab.client);
    seen.push(
      tab.client.view,
      JSON.stringify(actor.getSnapshot()),
      JSON.stringify(actor.getPersistedSnapshot()),
      inspect(actor.getSnapshot().context, { depth: 8 }),
    );
    return reachableStrings(seen);
  };
  return { tab, surfaces };
}

/** The strings among `texts` holding `token` in any form a back end writes it. */
const holding = (texts: string[], token: string) => {
  const forms = Object.values(ENCODERS).map((encode) => encode(token).toLowerCase());
  return texts.filter((t) => forms.some((f) => t.toLowerCase().includes(f)));
};

/** `tab`'s refresh, answered 503 with `body` (the refresh fails; the session stays signed in). */
async function failedRefresh(tab: Tab, body: unknown) {
  world.server.faults.add({ method: 'POST', path: '/users/refresh-token', status: 503, body, times: 1 });
  const failed = tab.events.length;
  tab.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 100 && !tab.events.slice(failed).includes('refreshFailed'); i++)
    await world.advance(S, 250);
  expect(tab.events.slice(failed)).toContain('refreshFailed');
}

/** `tab`'s refresh, done: resolves to the token it replaced. */
async function refreshed(tab: Tab): Promise<string> {
  const before = (await tab.token())!;
  tab.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 100 && (await tab.token()) === before; i++) await world.advance(S, 250);
  expect(await tab.token()).not.toBe(before);
  return before;
}

describe('an answer echoing an earlier token, through the client (F6)', () => {
  it('in the tab that refreshed: the token it replaced reaches no error, view, event, inspector or log', async () => {
    const a = recordingTab('tab-a', 0.3);
    await logIn(world, a.tab);
    await world.advance(2 * S);
    const old = await refreshed(a.tab);
    await world.advance(2 * S);
    await failedRefresh(a.tab, { message: `token ${old} was revoked`, previous: `Bearer ${old}` });
    const error = a.tab.client.view.error as { status?: number; body?: unknown } | null;
    expect(error?.status).toBe(503);
    expect(error?.body).toEqual({ message: 'token [redacted] was revoked', previous: 'Bearer [redacted]' });
    expect(holding(a.surfaces(), old)).toEqual([]);
  });

  it('in a tab that took the session from another: neither the token it took first nor the one it adopted later', async () => {
    const a = recordingTab('tab-a', 0.3);
    const b = recordingTab('tab-b', 0.6);
    await logIn(world, a.tab);
    await world.advance(2 * S);
    const first = await b.tab.token();
    expect(first).toBe(await a.tab.token());
    // A refreshes: B adopts A's new token.
    await refreshed(a.tab);
    await world.advance(2 * S);
    const adopted = (await a.tab.token())!;
    expect(await b.tab.token()).toBe(adopted);
    // B uses it, then refreshes it away.
    await b.tab.client.auth.getUserProfile();
    await refreshed(b.tab);
    await world.advance(2 * S);
    await failedRefresh(b.tab, { message: `tokens ${first} and ${adopted} were revoked` });
    const texts = b.surfaces();
    expect(holding(texts, first!)).toEqual([]);
    expect(holding(texts, adopted)).toEqual([]);
  });

  it('a token a tab adopted and never sent, replaced by the next one it adopted', async () => {
    const a = recordingTab('tab-a', 0.3);
    const b = recordingTab('tab-b', 0.6);
    await logIn(world, a.tab);
    await world.advance(2 * S);
    await refreshed(a.tab);
    await world.advance(2 * S);
    const between = (await a.tab.token())!;
    expect(await b.tab.token()).toBe(between);
    await refreshed(a.tab);
    await world.advance(2 * S);
    expect(await b.tab.token()).toBe(await a.tab.token());
    await failedRefresh(b.tab, { message: `token ${between} was revoked` });
    expect(holding(b.surfaces(), between)).toEqual([]);
  });

  it('after a sign-out: an answer to a later call echoing the ended login’s tokens reaches no view', async () => {
    const a = recordingTab('tab-a', 0.3);
    await logIn(world, a.tab);
    await world.advance(2 * S);
    const old = await refreshed(a.tab);
    const last = (await a.tab.token())!;
    a.tab.client.logout();
    await world.advance(2 * S);
    expect(a.tab.state()).toBe('signedOut');
    // A failed login, sent with no token: its answer echoes both.
    world.server.faults.add({
      path: '/auth/login',
      status: 422,
      body: { message: `session ${last} ended`, errors: { login: [`was ${old}`] } },
      times: 1,
    });
    a.tab.client.login({ login: 'p@example.com', password: 'Wrong-pass-1' });
    for (let i = 0; i < 100 && a.tab.client.view.status === 'signingIn'; i++) await world.advance(S, 250);
    expect(a.tab.client.view.error).not.toBeNull();
    const texts = a.surfaces();
    expect(holding(texts, last)).toEqual([]);
    expect(holding(texts, old)).toEqual([]);
  });
});
