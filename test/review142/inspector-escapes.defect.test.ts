import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { isSecret } from '../../src/secrets';
import { openTab, useWorld } from '../support/world';

// Review 139 made `_parent` and `system` views. Other fields of an actor view are the actor's own:
// `ref` (XState sets `this.ref = this`), `_actorScope` (`self`, `system`), `subscribe` (bound to the
// actor: raw snapshots), and the system view's `inspect` (subscribes a raw inspection observer).
// Each hands an inspector the raw login actor, whose context holds the live password `Secret`.

const world = useWorld();

async function until(cond: () => boolean) {
  for (let i = 0; i < 300 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

type Snap = { children?: Record<string, unknown>; context?: Record<string, unknown> };
type Ref = { getSnapshot(): Snap; sessionId?: string; [k: string]: unknown };

/** Every live Secret's value in a snapshot's context and its children's (one level). */
function revealIn(snap: Snap | undefined, out: string[]) {
  for (const v of Object.values(snap?.context ?? {})) if (isSecret(v)) out.push(v.reveal());
  for (const c of Object.values(snap?.children ?? {})) {
    const cs = (c as Ref | undefined)?.getSnapshot?.();
    for (const v of Object.values(cs?.context ?? {})) if (isSecret(v)) out.push(v.reveal());
  }
}

/** Logs in to the two-factor step with an inspector that keeps each actor view it is given. */
async function atTwoFactor(onEvent?: (e: InspectionEvent) => void) {
  const refs: Ref[] = [];
  const tab = openTab(world, {
    channel: false,
    inspect: (e: InspectionEvent) => {
      const r = e.actorRef as unknown as Ref | undefined;
      if (r && !refs.includes(r)) refs.push(r);
      onEvent?.(e);
    },
  });
  world.tabs.push(tab);
  await world.settle();
  const { email, password } = world.server.seed.twoFactor;
  tab.client.login({ login: email, password });
  await until(() => tab.client.view.status === 'twoFactorRequired');
  return { refs, password };
}

describe('an inspector reaching a raw actor past the views (review 139 fix)', () => {
  it('actorRef.ref is no raw actor', async () => {
    const { refs, password } = await atTwoFactor();
    const revealed: string[] = [];
    for (const r of refs) revealIn((r.ref as Ref | undefined)?.getSnapshot(), revealed);
    expect(revealed).not.toContain(password);
  });

  it('actorRef._actorScope.self is no raw actor', async () => {
    const { refs, password } = await atTwoFactor();
    const revealed: string[] = [];
    for (const r of refs) {
      const scope = r._actorScope as { self?: Ref } | undefined;
      revealIn(scope?.self?.getSnapshot(), revealed);
    }
    expect(revealed).not.toContain(password);
  });

  it('actorRef.subscribe hands out no raw snapshot', async () => {
    const revealed: string[] = [];
    const subscribed = new Set<unknown>();
    const { password } = await atTwoFactor((e) => {
      const r = e.actorRef as unknown as { subscribe?: (f: (s: Snap) => void) => unknown } | undefined;
      if (!r?.subscribe || subscribed.has(r)) return;
      subscribed.add(r);
      r.subscribe((s) => revealIn(s, revealed));
    });
    expect(subscribed.size).toBeGreaterThan(0);
    expect(revealed).not.toContain(password);
  });

  it("system.inspect(observer) given an actor view's system sees no raw snapshot", async () => {
    const revealed: string[] = [];
    let hooked = false;
    const { password } = await atTwoFactor((e) => {
      const sys = (
        e.actorRef as unknown as { system?: { inspect(f: (x: InspectionEvent) => void): unknown } }
      )?.system;
      if (!sys || hooked) return;
      hooked = true;
      sys.inspect((x) => {
        const snap = (x as { snapshot?: Snap }).snapshot;
        for (const v of Object.values(snap?.context ?? {})) if (isSecret(v)) revealed.push(v.reveal());
        const ev = (x as { event?: Record<string, unknown> }).event;
        for (const v of Object.values(ev ?? {})) if (isSecret(v)) revealed.push(v.reveal());
      });
    });
    expect(hooked).toBe(true);
    expect(revealed).not.toContain(password);
  });
});
