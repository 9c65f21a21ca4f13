// REVIEW154 probes: the deprecated `client.session` (still public in 0.2.0) given to the actor
// bindings as an app of 0.1 did (`useActor(client.session)`, `toStore(client.session)`,
// `useSelector(client.session, s => s)`): no snapshot they hand out, nor any child snapshot reachable
// from it, holds the password, the 2FA code or a token, through the 2FA step and once signed in.
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { toStore } from '../../src/bindings/svelte';
import { subscribeTo } from '../../src/bindings/vanilla';
import { useActor } from '../../src/bindings/vue';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0).reverse()) s();
});

/** Every string reachable from `root` through own properties, getSnapshot() and children. */
function strings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 40) return;
    if (typeof v === 'string') return void out.push(v);
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) return;
    seen.add(v);
    const o = v as Record<string, unknown>;
    if (typeof o.getSnapshot === 'function') {
      try {
        walk(o.getSnapshot(), depth + 1);
      } catch {}
    }
    for (const key of Reflect.ownKeys(o)) {
      let x: unknown;
      try {
        x = (o as Record<PropertyKey, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof x !== 'function') walk(x, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

describe('client.session through the actor bindings', () => {
  it('no secret in any snapshot handed out, through 2FA and signed in', async () => {
    const c: PamClient = createPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    stops.push(() => c.stop());
    const handed: unknown[] = [];
    stops.push(toStore(c.session).subscribe((s) => handed.push(s)));
    stops.push(
      subscribeTo(
        c.session,
        (s) => s,
        (s) => handed.push(s),
      ),
    );
    const scope = effectScope();
    stops.push(() => scope.stop());
    const { snapshot } = scope.run(() => useActor(c.session))!;
    await until(() => c.view.status === 'signedOut');
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(() => c.view.status === 'twoFactorRequired');
    handed.push(snapshot.value);
    c.submitCode(twoFactorCode!);
    await until(() => c.view.status === 'signedIn' && c.view.restrictions?.status === 'current');
    handed.push(snapshot.value);
    const token = (await c.tokens.get())?.accessToken;
    expect(token).toBeTruthy();
    const texts = strings(handed);
    // (The walk reaches the player's data: it would reach a secret held beside it.)
    expect(texts.some((t) => t.includes(email))).toBe(true);
    for (const secret of [password, twoFactorCode!, token!])
      expect(texts.filter((t) => t.includes(secret))).toEqual([]);
    const json = JSON.stringify(handed.map((h) => (h as { toJSON?: () => unknown }).toJSON?.() ?? h));
    for (const secret of [password, twoFactorCode!, token!]) expect(json).not.toContain(secret);
  });
});
