import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { logIn, openTab, S, useWorld } from '../support/world';

// `createPamClient({ inspect })` wraps the inspector in `redactInspection`, whose copy is
// copy-on-write: a snapshot with no secret in it is handed over as the session's own object. An
// inspector that writes to what it was given (a devtools panel that annotates or "fixes up" a
// snapshot for display, a bug) then changes the session's context: a paused player shown free to
// bet. The inspector observes; it must not be able to decide what the session enforces.

const world = useWorld();

type Restr = { canBet?: unknown; inForce?: unknown };

describe('an inspector that writes to the snapshot it was given (review 139)', () => {
  it("setting a microstep snapshot's restrictions.canBet does not free a paused player", async () => {
    const tab = openTab(world, {
      channel: false,
      inspect: (e: InspectionEvent) => {
        if (e.type !== '@xstate.microstep') return;
        const r = (e.snapshot as { context?: { restrictions?: Restr | null } }).context?.restrictions;
        if (r && r.canBet === false && !Object.isFrozen(r)) {
          try {
            r.canBet = true;
          } catch {}
        }
      },
    });
    world.tabs.push(tab);
    await logIn(world, tab, 'paused');
    await world.advance(2 * S);
    const r = tab.client.view.restrictions;
    expect(r?.inForce.map((x) => x.kind)).toContain('pause');
    expect(r?.canBet).toBe(false);
  });
});
