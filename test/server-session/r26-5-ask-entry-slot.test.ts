import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { NOON, seedOf, startSeeded } from './seeded-client';

// R26-5: a tab still in its own ask wait holds the kind-less `ask` entry first in its profile
// flow's changes in flight. tellInFlight takes inFlightTold's first 8 (MAX_TOLD, the ask entry
// among them: from '' sorts with the own ones) and only then drops the kind-less one: holding 8
// changes, it tells 7 to a tab that asks (the 8th never told). After its wait it tells all 8.
describe('R26-5: the ask entry takes one of the 8 told slots', () => {
  it.each([0, 600])('A holding 8 changes, %i ms after its start, tells all 8', async (after) => {
    const hub = new FakeChannelHub();
    const seed = seedOf({ readAt: NOON });
    const a = startSeeded(seed, { at: NOON, channel: hub.channel() });
    const x = hub.channel();
    const told: unknown[] = [];
    x.addEventListener('message', (e: { data: unknown }) => {
      const m = e.data as { type?: string; ms?: number };
      if (m.type === 'inflight' && m.ms !== undefined) told.push(m);
    });
    try {
      await turns(10);
      if (after) a.advance(after);
      await turns(10);
      for (let i = 1; i <= 8; i++)
        x.postMessage(
          forged({
            type: 'inflight',
            loginId: 'login-1',
            kind: 'pause',
            id: `p${i}`,
            settled: false,
            from: `tab-${i}`,
          }),
        );
      await turns(20);
      x.postMessage(forged({ type: 'ask', from: 'new-tab' }));
      await turns(20);
      expect(told.length).toBe(8);
    } finally {
      a.client.stop();
    }
  });
});
