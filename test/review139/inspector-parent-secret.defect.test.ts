import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { isSecret } from '../../src/secrets';
import { openTab, useWorld } from '../support/world';

// Review 130 made every actor an inspection event names a redacting view (`actorRef`,
// `sourceRef`, a snapshot's `children`, at any depth). A view's other fields are the actor's own,
// `_parent` and `system` among them: the login child's view hands out its parent, the raw session
// actor, whose `getSnapshot().children.login.getSnapshot().context.password` is the live `Secret`
// (its `reveal()` gives the password). The brief: nothing an inspector reaches, at any depth
// (`_parent`, `system` included), holds a revealable secret.

const world = useWorld();

async function until(cond: () => boolean) {
  for (let i = 0; i < 300 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

type RefLike = {
  _parent?: RefLike;
  getSnapshot(): { children?: Record<string, RefLike | undefined>; context?: Record<string, unknown> };
};

describe("an inspector following an actor view's _parent (review 139)", () => {
  it("reaches no live Secret through actorRef._parent's children", async () => {
    const revealed: string[] = [];
    const tab = openTab(world, {
      channel: false,
      inspect: (e: InspectionEvent) => {
        const parent = (e.actorRef as unknown as RefLike | undefined)?._parent;
        if (!parent) return;
        for (const child of Object.values(parent.getSnapshot().children ?? {})) {
          const context = child?.getSnapshot().context ?? {};
          for (const value of Object.values(context)) if (isSecret(value)) revealed.push(value.reveal());
        }
      },
    });
    world.tabs.push(tab);
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await until(() => tab.client.view.status === 'twoFactorRequired');
    expect(revealed).not.toContain(password);
    expect(revealed).toEqual([]);
  });
});
