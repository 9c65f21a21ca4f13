// Review 57 (against 349d0658), lineage.ts `endOf`: an instance's own mark (`ended`, set by a logout
// it served) is read before the store's and never updated by another instance's mark. Rule 4 (a
// logout with no id of an ended lineage clears and marks again, id '') and rule 3's re-marks then
// move the window on the instance that served them and in the store, not on the instance that
// served the first logout. The browser's logout (instance Y) answered long ago, its answer lost; the
// player's form-post "Sair" on X clears C1 and re-marks; a login another tab sent with C1 alongside
// it (in flight across that logout), reaching Y, is judged by Y's old mark and sealed as a lineage
// of its own: signed in after the 204. On X, or with no mark of Y's own, it is refused (control).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(loginOn: 'x' | 'y') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const x = await pam({ store: shared });
  const y = await pam({ store: shared });
  // The browser client's logout on Y; its answer lost.
  const { c1, email, password } = await keptEndedCookie(y.served.url, ref);
  clock.now += 2 * IN_FLIGHT_MS;
  // The form post on X: clears, marks again.
  const bx = new Browser(x.served.url);
  bx.cookie = c1;
  const form = await bx.call('POST', '/pam/auth/logout', undefined, {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(form.status).toBe(204);
  expect(bx.cookie).toBeNull();
  // A login sent with C1 alongside the form post, arriving a second later.
  clock.now += 1_000;
  const tab = new Browser((loginOn === 'x' ? x : y).served.url);
  tab.cookie = c1;
  const late = await tab.login(email, password);
  return { status: late.status, sealed: tab.cookie !== c1 && tab.cookie !== null };
}

describe("a form post's re-mark on one instance, a login in flight across it on another", () => {
  it('control: on the form post’s instance the login is refused', async () => {
    expect(await scenario('x')).toEqual({ status: 401, sealed: false });
  });
  it('on the instance of the first logout it is refused too', async () => {
    // Fails on 349d0658 with { status: 200, sealed: true }.
    expect(await scenario('y')).toEqual({ status: 401, sealed: false });
  });
});
