// REVIEW154 probes: a component in tab B (every binding) kept while tab A signs player 1 out and
// player 2 (paused) in: tab B never shows player 2 free to bet, nor any view of player 2 (or of
// nobody) with player 1's profile, limits or restrictions; the same when tab A's sign-out message
// is lost (B goes from player 1 straight to player 2).
import type { PamClient, SessionView } from 'pam-client/machines';
import { get } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { selectorStore, sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSelector, useSession } from '../../src/bindings/vue';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

const bind = (c: PamClient) => {
  const seen: SessionView[] = [];
  const offs = [onSessionChange(c, (v) => seen.push(v))];
  const store = sessionStore(c);
  offs.push(store.subscribe((v) => seen.push(v)));
  const canBets: (boolean | undefined)[] = [];
  offs.push(selectorStore(c.state, (v) => v.restrictions?.canBet).subscribe((b) => canBets.push(b)));
  const scope = effectScope();
  const refs = scope.run(() => ({
    s: useSession(c),
    canBet: useSelector(c.state, (v) => v.restrictions?.canBet),
  }))!;
  offs.push(() => scope.stop());
  return {
    seen,
    canBets,
    refs,
    store,
    off: () => {
      for (const f of offs) f();
    },
  };
};

const checkSwitch = (seen: SessionView[], first: string, second: string) => {
  const last1 = seen.map((v) => v.user?.email).lastIndexOf(first);
  expect(last1).toBeGreaterThanOrEqual(0);
  const info1 = seen[last1]!.userInfo;
  const restr1 = seen[last1]!.restrictions;
  const after = seen.slice(last1 + 1);
  expect(after.some((v) => v.user?.email === second)).toBe(true);
  for (const v of after) {
    expect(v.user === null || v.user.email === second).toBe(true);
    expect(v.restrictions?.canBet === true).toBe(false);
    expect(v.userInfo !== null && v.userInfo === info1).toBe(false);
    expect(v.restrictions !== null && v.restrictions === restr1).toBe(false);
    expect(JSON.stringify(v)).not.toContain(first);
  }
};

describe('tab B bound while tab A changes player', () => {
  it('sign-out then a paused player at A: B never shows player 2 with player 1’s data', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    const bound = bind(b.client);
    await logIn(world, a, 'plain');
    await world.advance(2 * S);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    a.client.logout();
    await world.advance(2 * S);
    expect(b.client.view.status).toBe('signedOut');
    await logIn(world, a, 'paused');
    await world.advance(3 * S);
    expect(b.client.view.user?.email).toBe(world.server.seed.paused.email);
    expect(bound.refs.canBet.value).toBe(false);
    expect(get(bound.store).restrictions?.canBet).toBe(false);
    checkSwitch(bound.seen, world.server.seed.plain.email, world.server.seed.paused.email);
    bound.off();
  });

  it('the sign-out message lost: B goes from player 1 to player 2 and never shows 2 free', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    const bound = bind(b.client);
    await logIn(world, a, 'plain');
    await world.advance(2 * S);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    world.hub.hold();
    a.client.logout();
    await world.advance(2 * S);
    // Lost: the messages of the sign-out are dropped.
    world.hub.held = [];
    world.hub.release();
    expect(b.client.view.user?.email).toBe(world.server.seed.plain.email);
    await logIn(world, a, 'paused');
    await world.advance(5 * S);
    expect(b.client.view.user?.email === world.server.seed.plain.email).toBe(false);
    expect(bound.canBets.at(-1)).not.toBe(true);
    checkSwitch(bound.seen, world.server.seed.plain.email, world.server.seed.paused.email);
    bound.off();
  });
});
