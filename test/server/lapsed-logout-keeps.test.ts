// A logout that keeps the cookie sets no `Set-Cookie`, whatever the cookie's login (fifty-first
// pass, found by `logout-replicas.property` once its clock could pass the idle end): the player's
// login past its idle end (2 h); the browser client's logout clears the cookie; a login with no
// cookie sets another; a form post sent with the old cookie before the logout's answer, late on
// the wire, then cleared the new login's cookie (the logout's rules kept it: another logout had
// marked the lineage within its window; but a login past its end has no `end:` to read, and the
// answer was judged as any call's that signs out). Failed on e823508e.
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from './harness';
import { ReplicatedStore } from './replicated-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a late form logout with the cookie of a login past its idle end', () => {
  it.each([
    ['without a store', false],
    ['with a store', true],
  ])('%s: sets no Set-Cookie; the login made since keeps its cookie and stays live', async (_, withStore) => {
    const x = await pam(
      withStore ? { graceMs: 0, store: new ReplicatedStore(clock).primary } : { graceMs: 0 },
    );
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(x.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 2 * 3_600_000 + 1_000;
    const old = b.cookie!;
    const first = await b.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-logout': 'logout-000000000001.1',
    });
    expect(first.status).toBe(204);
    expect(b.cookie).toBeNull();
    expect((await b.login(email, password)).status).toBe(200);
    const form = new Browser(x.served.url);
    form.cookie = old;
    const late = await form.call('POST', '/pam/auth/logout');
    expect(late.status).toBe(204);
    expect(late.headers.getSetCookie()).toEqual([]);
    const live = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${(await openCookie(b.cookie!)).token}`, accept: 'application/json' },
    });
    expect(live.status).toBe(200);
  });
});
