// REVIEW154 probes: every view a binding hands out while one client goes from player A (a time
// limit, so a play-time count) through a sign-out (and an expiry-free 401 end) to player B: no view
// that names B (or no player) carries A's userInfo, limits, play time or restrictions.
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { selectorStore, sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSelector, useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0).reverse()) s();
});
const client = () => {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  stops.push(() => c.stop());
  return c;
};
const bind = (c: PamClient) => {
  const seen: SessionView[] = [];
  stops.push(onSessionChange(c, (v) => seen.push(v)));
  const store = sessionStore(c);
  stops.push(store.subscribe((v) => seen.push(v)));
  stops.push(selectorStore(c.state, (v) => v).subscribe((v) => seen.push(v)));
  const scope = effectScope();
  stops.push(() => scope.stop());
  const refs = scope.run(() => ({
    s: useSession(c),
    canBet: useSelector(c.state, (v) => v.restrictions?.canBet),
  }))!;
  return { seen, refs, store };
};
const signedIn = (c: PamClient, email: string) =>
  until(
    () => c.view.user?.email === email && c.view.restrictions?.status === 'current',
    () => `${c.view.status} ${c.view.user?.email} ${c.view.restrictions?.status}`,
  );

describe('one client, player A then player B: the bound views', () => {
  it('A (time limit) signs out, B (paused) signs in: nothing of A on any view naming B or nobody', async () => {
    const { timeLimit: a, paused: b } = ctx.server.seed;
    const c = client();
    const { seen, refs, store } = bind(c);
    await until(() => c.view.status === 'signedOut');
    c.login({ login: a.email, password: a.password });
    await signedIn(c, a.email);
    const aInfo = c.view.userInfo;
    const aRestr = c.view.restrictions;
    const aPlay = c.view.playTime;
    expect(aInfo).not.toBeNull();
    expect(aPlay).not.toBeNull();
    c.logout();
    await until(() => c.view.status === 'signedOut');
    c.login({ login: b.email, password: b.password });
    await signedIn(c, b.email);
    expect(refs.s.user.value?.email).toBe(b.email);
    expect(refs.canBet.value).toBe(false);
    expect(get(store).restrictions?.canBet).toBe(false);
    const notA = seen.filter((v) => v.user?.email !== a.email);
    const afterA = seen.slice(seen.map((v) => v.user?.email).lastIndexOf(a.email) + 1);
    expect(afterA.length).toBeGreaterThan(0);
    for (const v of afterA) {
      expect(v.userInfo === aInfo || v.restrictions === aRestr).toBe(false);
      expect(v.playTime).not.toBe(aPlay);
      expect(v.restrictions?.canBet === true).toBe(false);
      expect(JSON.stringify(v)).not.toContain(a.email);
      expect(JSON.stringify(v)).not.toContain(a.cpf);
    }
    expect(notA.every((v) => v.user === null || v.user.email === b.email)).toBe(true);
  });
});
