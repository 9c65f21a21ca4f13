// SSRW30 (HIGH): in server-session mode a restriction change sent through the client's own adapter
// (`client.http`, the standalone calls API.md recommends, `createUserModule(client.http)`) is
// followed as a `client.user` change is there: a pause or self-exclusion bars betting from the
// send, in this tab and the other tabs of the login; once settled, an accepted one (or one of
// unknown outcome) makes the session read again; a refusal (4xx) releases the bar. Before, nothing
// watched it: both tabs showed the player free to bet until some later read. `client.user`'s own
// changes are still told once. Over real sockets (the reference server behind `pam-client/server`).
import { createUserModule, setSelfExclusion, setTimeoutLimits } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { quiet, readsAfter, twoPlayerTabs } from './http-restriction-writes.support';
import { runningClock, usePam } from './support';

const clock = runningClock();
const pam = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const password_check = () => pam.ref.server.seed.plain.password;
const PAUSE = '/bff/users/timeout-limits';
const EXCLUSION = '/bff/users/self-exclusion';
type Tab = ServerSessionClientBase;
const inForce = (t: Tab): string[] => t.view.restrictions?.inForce.map((r) => r.kind) ?? [];
/** The tab shows `kind` in force from a read of its own (current), betting barred. */
const shows = (t: Tab, kind: string) =>
  t.view.restrictions?.status === 'current' &&
  t.view.restrictions.canBet === false &&
  inForce(t).includes(kind);

describe('server-session: a restriction change through client.http (SSRW30)', () => {
  it('a pause (standalone call, no user module): both tabs barred from the send; accepted, read in force', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    t.o.hold = true;
    const call = quiet(
      setTimeoutLimits(t.a.http, { user_pause: 7, reason: 1, password_check: password_check() }),
    );
    // (Barred in this tab at the send, before the server has it.)
    expect(t.a.view.restrictions?.canBet).toBe(false);
    await t.heldCount(1);
    await turns(10);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    expect(t.b.view.restrictions?.canBet).toBe(false);
    t.held[0]!.release();
    await call;
    await until(() => readsAfter(pam, PAUSE) > 0 && shows(t.a, 'pause'), 'tab A read the pause in force');
    await until(() => shows(t.b, 'pause'), 'tab B read the pause in force');
    expect(t.told).toEqual(['bar', 'changed', 'release']);
    expect(t.breaches).toEqual([]);
  });

  it('a self-exclusion (createUserModule(client.http), user module in flows): barred at once, read in force', async () => {
    const t = await twoPlayerTabs(pam, clients, true);
    t.o.hold = true;
    const call = quiet(
      createUserModule(t.a.http).setSelfExclusion({
        user_exclusion: 3,
        reason: 1,
        password_check: password_check(),
      }),
    );
    await t.heldCount(1);
    await turns(10);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    expect(t.b.view.restrictions?.canBet).toBe(false);
    t.held[0]!.release();
    await call;
    await until(() => readsAfter(pam, EXCLUSION) > 0 && shows(t.a, 'selfExclusion'), 'tab A read it');
    await until(() => shows(t.b, 'selfExclusion'), 'tab B read it');
    expect(t.told).toEqual(['bar', 'changed', 'release']);
    expect(t.breaches).toEqual([]);
  });

  it("client.user's own pause is told once (its wrapper, not the adapter's watch)", async () => {
    const t = await twoPlayerTabs(pam, clients, true);
    await (
      t.a as unknown as { user: { setTimeoutLimits(p: unknown): Promise<unknown> } }
    ).user.setTimeoutLimits({
      user_pause: 7,
      reason: 1,
      password_check: password_check(),
    });
    await until(() => shows(t.a, 'pause'), 'tab A read the pause in force');
    expect(t.told).toEqual(['bar', 'changed', 'release']);
    expect(t.breaches).toEqual([]);
  });

  it('a refusal (422) releases the bar in both tabs, no read of its own', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    pam.ref.server.faults.add({
      method: 'PATCH',
      path: PAUSE,
      status: 422,
      body: { message: 'no' },
      times: 1,
    });
    t.o.hold = true;
    const call = setTimeoutLimits(t.a.http, {
      user_pause: 7,
      reason: 1,
      password_check: password_check(),
    }).catch((e: { status?: number }) => e.status);
    await t.heldCount(1);
    await turns(10);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    expect(t.b.view.restrictions?.canBet).toBe(false);
    expect(t.breaches).toEqual([]);
    t.held[0]!.release();
    expect(await call).toBe(422);
    await until(
      () => t.a.view.restrictions?.canBet === true && t.b.view.restrictions?.canBet === true,
      'both tabs free again',
    );
    expect(readsAfter(pam, PAUSE)).toBe(0);
    expect(t.told).toEqual(['bar', 'release']);
  });

  it('an unknown outcome (the answer lost: the server applied it) stays barred and reads again', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    t.o.lose = 1;
    const error = await setSelfExclusion(t.a.http, {
      user_exclusion: 3,
      reason: 1,
      password_check: password_check(),
    }).catch((e: { code?: string }) => e);
    expect(error).toMatchObject({ code: expect.any(String) });
    expect(t.a.view.restrictions?.canBet).toBe(false);
    await until(() => readsAfter(pam, EXCLUSION) > 0 && shows(t.a, 'selfExclusion'), 'tab A read it');
    await until(() => shows(t.b, 'selfExclusion'), 'tab B read it');
    expect(t.breaches).toEqual([]);
  });

  it('an unknown outcome (the connection dropped before the API answered) keeps this tab barred', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    pam.ref.server.faults.add({ method: 'PATCH', path: PAUSE, drop: true, times: 1 });
    const error = await setTimeoutLimits(t.a.http, {
      user_pause: 7,
      reason: 1,
      password_check: password_check(),
    }).catch((e: { status?: number }) => e);
    expect(error).toBeInstanceOf(Error);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    await until(() => readsAfter(pam, PAUSE) > 0, 'tab A read again');
    await until(() => t.a.view.restrictions?.checkedAt != null && readsAfter(pam, PAUSE) > 0, 'read');
    await turns(50);
    // The read does not show it, but the client cannot know it was not applied: kept in force, not
    // current (stale), barred.
    expect(t.a.view.restrictions).toMatchObject({ canBet: false, status: 'stale' });
    expect(inForce(t.a)).toContain('pause');
    expect(t.breaches.filter((b) => b.startsWith('tab a'))).toEqual([]);
  });

  it.each([
    ['a query', `${PAUSE}?from=settings`],
    ['a trailing slash', `${PAUSE}/`],
    ['both', `${PAUSE}//?from=settings#x`],
  ])('a raw PATCH to the pause path with %s counts as the change', async (_name, path) => {
    const t = await twoPlayerTabs(pam, clients, false);
    t.o.hold = true;
    const call = t.a.http
      .patch(path, { user_pause: 7, reason: 1, password_check: password_check() })
      .catch((e: { status?: number }) => e.status);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    await t.heldCount(1);
    await turns(10);
    expect(t.a.view.restrictions?.canBet).toBe(false);
    expect(t.b.view.restrictions?.canBet).toBe(false);
    expect(t.breaches).toEqual([]);
    t.held[0]!.release();
    await call;
    expect(t.told.slice(0, 1)).toEqual(['bar']);
    expect(t.told.at(-1)).toBe('release');
  });

  it('a GET of the pause path, or a change of something else, is no restriction change', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    t.o.hold = true;
    const read = t.a.http.get(PAUSE).catch(() => 0);
    const other = t.a.http.patch('/bff/users/self-mkt', { mkt_accepted: false }).catch(() => 0);
    await t.heldCount(2);
    await turns(10);
    expect(t.a.view.restrictions?.canBet).toBe(true);
    expect(t.b.view.restrictions?.canBet).toBe(true);
    for (const h of t.held) h.release();
    await Promise.all([read, other]);
    expect(t.told).toEqual([]);
  });
});
