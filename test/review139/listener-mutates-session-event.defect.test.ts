import type { FunnelEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// A `client.on` listener is handed the session's emitted event. What it carries
// (`restrictionsChanged.restrictions`) is the session's own context object, not yet frozen when
// the listener runs (XState runs emitted events' listeners before the client's view freezes it):
// a listener that writes to it (an analytics wrapper that "normalises" its payload, a bug) changes
// what the session holds, shows and audits. Fail closed: a paused player must never be shown free
// to bet.

const world = useWorld();

/** A write that a frozen object refuses with a TypeError (strict mode): ignored, as an app would. */
function tryWrite(fn: () => void) {
  try {
    fn();
  } catch {}
}

type Writable = { canBet: boolean; inForce: unknown[] };

describe('a client.on listener that writes to the event it was given (review 139)', () => {
  it('restrictionsChanged: setting canBet on the event does not make a paused player free to bet', async () => {
    const tab = funnelTab(world);
    tab.client.on('restrictionsChanged', (e) => {
      tryWrite(() => {
        (e.restrictions as unknown as Writable).canBet = true;
      });
    });
    await logIn(world, tab, 'paused');
    await world.advance(2 * S);
    const r = tab.client.view.restrictions;
    expect(r?.inForce.map((x) => x.kind)).toContain('pause');
    expect(r?.canBet).toBe(false);
    // The compliance trail too: what the client read and enforced.
    const reads = tab.funnel.filter(
      (e): e is Extract<FunnelEvent, { type: 'rg.restrictionsRead' }> => e.type === 'rg.restrictionsRead',
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((e) => e.canBet === false)).toBe(true);
  });

  it("restrictionsChanged: emptying the event's inForce does not hide the pause from the view", async () => {
    const tab = world.open();
    tab.client.on('restrictionsChanged', (e) => {
      tryWrite(() => {
        (e.restrictions as unknown as Writable).inForce.length = 0;
      });
    });
    await logIn(world, tab, 'paused');
    await world.advance(2 * S);
    expect(tab.client.view.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
  });
});
