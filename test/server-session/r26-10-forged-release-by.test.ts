import { describe, expect, it } from 'vitest';
import { parseServerTabMessage } from '../../machines/server-session/tabs';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, pauseToldByX } from './forged-support';
import { free, NOON, seedOf, startSeeded } from './seeded-client';

// R26-10: a release (`settled: true`) is heard only from the tab whose change it is (AJ-1). But
// tabs.ts takes the change's owner as `m.by ?? m.from`, and parseServerTabMessage accepts `by` on
// any `inflight`, settled ones too: a script posting `{ settled: true, by: <that tab's id> }` (the id
// is on every message that tab posts) lifts the bar of a real change in flight in every other tab.
// So does a forged ANSWER (`settled: false`, `ms: 0`, `by` the teller): it replaces the teller's entry (same id,
// same owner) with one that ends at once (free within 5 s, the real one bars 45 s).
// (A release posted with the teller's own `from` cannot be told apart on a channel every same-origin
// script reads: docs/responsible-gaming.md says so; it lifts the bar at most, never past the bar's end.)
describe('R26-10: a forged release naming the teller in `by` lifts its change', () => {
  it.each(['none', 'by', 'answer ms 0'])('forged: %s', async (how) => {
    const withBy = how === 'by' || how === 'answer ms 0';
    const hub = new FakeChannelHub();
    const seed = seedOf({ readAt: NOON });
    const c = startSeeded(seed, { at: NOON, channel: hub.channel() });
    try {
      await turns(10);
      c.advance(600);
      await turns(10);
      expect(free(c.client.view)).toBe(true);
      // Tab X (a real tab, id `tab-x`) tells its pause on its way.
      const x = hub.channel();
      x.postMessage(pauseToldByX());
      await turns(10);
      expect(free(c.client.view)).toBe(false);
      // A script replays the release from its own id, naming tab X in `by` (or not).
      x.postMessage(
        forged({
          type: 'inflight',
          loginId: 'login-1',
          kind: 'pause',
          id: 'p1',
          settled: how !== 'answer ms 0',
          ...(how === 'answer ms 0' && { ms: 0 }),
          from: 'script',
          ...(withBy && { by: 'tab-x' }),
        }),
      );
      await turns(10);
      c.advance(5_000); // (the real pause, told live, bars 45 s)
      await turns(10);
      expect(free(c.client.view)).toBe(false);
    } finally {
      c.client.stop();
    }
  });

  it.each([true, false])('`by` on an inflight settled %s: refused on a release only', (settled) => {
    const m = { app: 'pam-client', mode: 'server-session', v: 1, from: 's', type: 'inflight' };
    const raw = { ...m, loginId: 'l', kind: 'pause', id: 'p', settled, by: 't' };
    expect(parseServerTabMessage(raw) === null).toBe(settled);
  });
});
