import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { forged, heldBefore, settle, useClients } from './forged-support';
import { changesOf } from './in-flight-support';
import { runningClock, usePam } from './support';

// REVIEW-AK AK-2, AK-3 and AJ-2's server-session half, over real sockets (the reference server
// behind `pam-client/server`), tab A's change held before it reaches the server:
// - AK-2: ONE forged `signedIn` (another login id) made every tab forget the login and read the
//   seed again: tab B dropped the bar of A's change it heard (canBet true while A's pause was in
//   flight, then applied, nothing telling it after), and A's own call was aborted. Now the word is
//   only a reason to read: the same login read keeps every entry, and no call is aborted.
// - AK-3: each forged `signedIn` cost every tab one `GET <prefix>/session`: now the reads asked
//   while one is on its way are one more read at most.
// - AJ-2: a tab opened while another tab's change is in flight (not applied yet: its own read shows
//   nothing) is barred from its first view: it asks, the others tell it their changes in flight.

const clock = runningClock();
const pam = usePam(clock);
const CHANGES = changesOf(pam);

const clients = useClients();

describe.each(Object.entries(CHANGES))('server-session: a %s in flight, forged words', (_kind, change) => {
  it('AK-2: one forged signedIn lifts no bar in either tab and aborts no call', async () => {
    const t = await heldBefore(pam, clients, change.path);
    const breaches: string[] = [];
    for (const [i, tab] of [t.a, t.b].entries())
      tab.subscribe((v) => v.restrictions?.canBet && breaches.push(`tab ${i} ${v.status}`));
    const call = settle(change.send(t.user));
    await until(() => t.held.length === 1, 'the change on its way, held before the server');
    await until(() => t.b.view.restrictions?.canBet === false, 'B heard it');
    t.script.postMessage(forged({ type: 'signedIn', loginId: 'forged-login' }));
    await until(() => t.reads() >= 2, 'both tabs read the session again');
    await turns(40);
    for (const tab of [t.a, t.b]) {
      expect(tab.view.status).toBe('signedIn');
      expect(tab.view.restrictions?.canBet).toBe(false);
    }
    t.held[0]!('ok');
    expect(await call).toBe('ok');
    await turns(40);
    for (const tab of [t.a, t.b]) expect(tab.view.restrictions?.canBet).toBe(false);
    expect(breaches).toEqual([]);
  });

  it('AJ-2: a tab opened while it is in flight (not applied yet) is barred from its first view', async () => {
    const t = await heldBefore(pam, clients, change.path);
    const call = settle(change.send(t.user));
    await until(() => t.held.length === 1, 'the change on its way, held before the server');
    const c = t.make();
    const views: string[] = [];
    c.subscribe((v) => views.push(`${v.status}/${v.restrictions?.canBet}`));
    await until(
      () => c.view.status === 'signedIn' && c.view.restrictions !== null,
      'tab C signed in (barred: `stale` while a change is in flight)',
    );
    await turns(20);
    expect(views).not.toContain('signedIn/true');
    expect(c.view.restrictions?.canBet).toBe(false);
    t.held[0]!('ok');
    expect(await call).toBe('ok');
    await turns(40);
    for (const tab of [t.a, t.b, c]) expect(tab.view.restrictions?.canBet).toBe(false);
    expect(views).not.toContain('signedIn/true');
  });

  it('AJ-2: refused, the told bar lifts in the new tab too (by its sender only)', async () => {
    const t = await heldBefore(pam, clients, change.path);
    const call = settle(change.send(t.user));
    await until(() => t.held.length === 1, 'the change on its way, held before the server');
    const c = t.make();
    await until(
      () => c.view.status === 'signedIn' && c.view.restrictions !== null,
      'tab C signed in (barred: `stale` while a change is in flight)',
    );
    await turns(20);
    expect(c.view.restrictions?.canBet).toBe(false);
    t.held[0]!('refused');
    expect(await call).toBe(422);
    await until(
      () => [t.a, t.b, c].every((tab) => tab.view.restrictions?.canBet === true),
      () =>
        `every tab free again: ${[t.a, t.b, c].map((tab) => `${tab.view.status}/${tab.view.restrictions?.status}/${tab.view.restrictions?.canBet}`)}`,
    );
  });
});

describe('server-session: a burst of forged signedIn (REVIEW-AK AK-3)', () => {
  it('100 in one turn cost each tab two reads at most', async () => {
    const t = await heldBefore(pam, clients, 'never-held');
    const before = t.reads();
    for (let i = 0; i < 100; i++) t.script.postMessage(forged({ type: 'signedIn', loginId: `forged-${i}` }));
    await until(() => t.reads() > before, 'a read');
    await turns(200);
    expect(t.reads() - before).toBeLessThanOrEqual(4);
    for (const tab of [t.a, t.b]) {
      expect(tab.view.status).toBe('signedIn');
      expect(tab.view.restrictions?.canBet).toBe(true);
    }
  });
});
