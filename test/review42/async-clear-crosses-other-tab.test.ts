// Review 42 (f): the sign-out's clear is read and made as one write in THIS tab's queue of writes
// (`clearers`, store.ts), but another tab of a shared store that answers later writes through its
// own queue: its newer login, set between this tab's read and its clear, is wiped. With a sync
// store (the control) the read and the clear are one turn and the newer login stays.
import { createMemoryTokenStore, type TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { GateHub, laterStore, look } from '../review41/support';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

async function run(storage: TokenStore) {
  const hub = new GateHub();
  world.hub = hub;
  const g = grantsOf(world);
  const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
  const c = g.open({ tabId: 'tab-c', storage, environment: { random: draws(0.9) } });
  await world.settle();
  await logIn(world, a);
  await runFor(world, 2 * S);
  expect(look(c)).toMatchObject({ status: 'signedIn', seq: 1 });
  // C's words reach A late. C logs out and in again (L3 at 3, its answer held 2 s); A logs out at
  // the same moment (its revoke answered after 2 s too).
  hub.cut([1, 0]);
  c.client.logout();
  await runFor(world, 1 * S);
  const { email, password } = world.server.seed.plain;
  g.hold('/auth/login', 2 * S);
  g.hold('/auth/logout', 2 * S);
  c.client.login({ login: email, password });
  a.client.logout();
  await runFor(world, 5 * S);
  expect(look(c)).toMatchObject({ status: 'signedIn' });
  const l3 = look(c);
  const stored = await storage.get();
  return { c: { sid: l3.sid, seq: l3.seq }, stored: stored && { sid: stored.sid, seq: stored.seq } };
}

describe("review42: an async shared store, this tab's clear and another tab's newer login", () => {
  it('control: a sync store keeps the newer login', async () => {
    const r = await run(createMemoryTokenStore());
    expect(r.stored, JSON.stringify(r)).toEqual(r.c);
  }, 60_000);
  // Left open (thirty-eighth pass, `it.fails`): two tabs' clears and writes to one store that
  // answers later are ordered within each tab only; the fix needs an atomic compare-and-clear of
  // the store (an optional `TokenStore` method: one IndexedDB readwrite transaction). The
  // built-in stores (memory, web storage) answer at once and are not affected (the control above).
  it.fails('a store answering later keeps it too', async () => {
    const r = await run(laterStore());
    expect(r.stored, JSON.stringify(r)).toEqual(r.c);
  }, 60_000);
});
