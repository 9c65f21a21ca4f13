// REVIEW86 probe (holds): what the bindings hand out cannot be used to change what the session
// decides. docs/session.md: "The view is frozen plain data … the view is frozen all the way down."
// A paused player (canBet false): every object reachable from the view that each binding hands
// out is frozen, holds no Map/Set/Date (mutable through their methods even when frozen), writes
// are refused, and the session's later views still bar betting.
import { createPamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore, toStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

function walk(root: unknown): { unfrozen: string[]; exotic: string[] } {
  const unfrozen: string[] = [];
  const exotic: string[] = [];
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[root, 'view']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (!Object.isFrozen(v)) unfrozen.push(path);
    if (v instanceof Map || v instanceof Set || v instanceof Date || ArrayBuffer.isView(v)) exotic.push(path);
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key)!;
      if ('value' in d) stack.push([d.value, `${path}.${String(key)}`]);
    }
  }
  return { unfrozen, exotic };
}

describe('the views the bindings hand out are frozen all the way down', () => {
  it('a paused player: no write through any binding frees him', async () => {
    const kit = createReferenceFetch();
    const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null } });
    stops.push(() => c.stop());
    let vanilla: SessionView | undefined;
    stops.push(onSessionChange(c, (v) => (vanilla = v)));
    const store = sessionStore(c);
    const stateStore = toStore(c.state);
    const scope = effectScope();
    stops.push(() => scope.stop());
    const vue = scope.run(() => useSession(c))!;
    await until(() => c.view.status === 'signedOut');
    c.login({ login: kit.seed.paused.email, password: kit.seed.paused.password });
    await until(
      () => c.view.restrictions?.status === 'current',
      () => JSON.stringify(c.view.restrictions),
    );
    expect(c.view.restrictions?.canBet).toBe(false);

    const handed = [c.view, c.state.getSnapshot(), vanilla, get(store), get(stateStore), vue.view.value];
    for (const v of handed) {
      expect(v).toBe(c.view);
      expect(walk(v)).toEqual({ unfrozen: [], exotic: [] });
    }
    const r = c.view.restrictions as unknown as Record<string, unknown>;
    expect(Reflect.set(r, 'canBet', true)).toBe(false);
    expect(Reflect.set(r, 'status', 'current')).toBe(false);
    const info = c.view.userInfo as Record<string, unknown>;
    expect(Reflect.set(info, 'user_pause', 0)).toBe(false);
    for (const value of Object.values(r))
      if (Array.isArray(value)) expect(() => (value as unknown[]).splice(0)).toThrow(TypeError);

    c.state.send({ type: 'TICK' });
    await until(() => true);
    expect(c.view.restrictions?.canBet).toBe(false);
    expect(vue.restrictions.value?.canBet).toBe(false);
  });
});
