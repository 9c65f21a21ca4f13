import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import type { FakeChannelHub } from '../support/fake-channel';
import { changesOf, twoTabs as inFlightTabs } from './in-flight-support';
import { runningClock, usePam } from './support';

// REVIEW-AJ AJ-1 in server-session mode, over real sockets (the reference server behind
// `pam-client/server`): a pause or self-exclusion whose answer is held (the server applied it on
// receipt) bars betting from the send, in both tabs of the login. A `settled` forged on the channel
// (a same-origin script replaying the sender's own change id) lifted the sender's bar and the other
// tab's. Now a heard release drops only what was heard from the same tab, and the sender's own
// change is released only by its own call's settling.

const clock = runningClock();
const { ref, fx } = usePam(clock);

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const pam = { ref, fx };
const CHANGES = changesOf(pam);
const twoTabs = (path: string) => inFlightTabs(pam, clients, path, true);

const inflightSent = (hub: FakeChannelHub) =>
  hub.sent.filter((m) => (m as { type?: string }).type === 'inflight') as Array<Record<string, unknown>>;

describe.each(Object.entries(CHANGES))('server-session: a %s in flight (REVIEW-AJ AJ-1)', (_kind, change) => {
  it("a forged settle with the sender's own change id lifts nothing, in either tab", async () => {
    const { a, b, hub, held, breaches, user } = await twoTabs(change.path);
    const call = change.send(user).then(
      () => 'ok',
      (e: { status?: number }) => e.status,
    );
    await until(() => held.length === 1, 'the change handled by the server, its answer held');
    await turns(10);
    const [sent] = inflightSent(hub);
    expect(sent).toMatchObject({ settled: false });
    // A same-origin script replays it as settled (as a third member of the channel).
    hub.channel().postMessage({ ...sent, from: 'forged', settled: true });
    await turns(20);
    expect(a.view.restrictions?.canBet).toBe(false);
    expect(b.view.restrictions?.canBet).toBe(false);
    held[0]!();
    expect(await call).toBe('ok');
    await turns(20);
    expect(a.view.restrictions?.canBet).toBe(false);
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(breaches).toEqual([]);
  });

  it('a settle heard from another tab than the sender lifts nothing; the real refusal does', async () => {
    const { a, b, hub, held, breaches, user } = await twoTabs(change.path);
    ref.server.faults.add({
      path: new RegExp(change.path),
      status: 422,
      body: { message: 'invalid' },
      times: 1,
    });
    const call = change.send(user).then(
      () => 'ok',
      (e: { status?: number }) => e.status,
    );
    await until(() => held.length === 1, 'the change refused by the server, its answer held');
    await turns(10);
    const [sent] = inflightSent(hub);
    hub.channel().postMessage({ ...sent, from: 'forged', settled: true });
    await turns(20);
    expect(a.view.restrictions?.canBet).toBe(false);
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(breaches).toEqual([]);
    held[0]!();
    expect(await call).toBe(422);
    await until(
      () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
      'both tabs free again',
    );
  });
});

describe.each(Object.entries(CHANGES))(
  'server-session: a tab opened while a %s is in flight (REVIEW-AJ AJ-2)',
  (_kind, change) => {
    // What holds in this mode: tabs share no session (a new tab reads the server itself), and the
    // change's `inflight` went out before it existed. The server applied it on receipt: its own read
    // shows it, so it is barred from its first signed-in view.
    it('applied by the server, its answer held: barred from its first signed-in view, and after', async () => {
      const { a, b, held, breaches, make, profile, user } = await twoTabs(change.path);
      const call = change.send(user).then(
        () => 'ok',
        (e: { status?: number }) => e.status,
      );
      await until(() => held.length === 1, 'the change handled by the server, its answer held');
      const c = make(profile.fetch);
      const views: string[] = [];
      c.subscribe((v) => views.push(`${v.status}/${v.restrictions?.canBet}`));
      // (Told the change in flight as it started, AJ-2: `stale`, barred, until it settles.)
      await until(() => c.view.status === 'signedIn' && c.view.restrictions !== null, 'tab C signed in');
      await turns(20);
      expect(views.filter((v) => v.startsWith('signedIn/'))).not.toContain('signedIn/true');
      for (const t of [a, b, c]) expect(t.view.restrictions?.canBet).toBe(false);
      held[0]!();
      expect(await call).toBe('ok');
      await turns(20);
      for (const t of [a, b, c]) expect(t.view.restrictions?.canBet).toBe(false);
      expect(views).not.toContain('signedIn/true');
      expect(breaches).toEqual([]);
    });
  },
);
