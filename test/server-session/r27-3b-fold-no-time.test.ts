import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { pauseToldByX } from './forged-support';
import { madeUpChange, seededTab } from './player-tab';
import { free } from './seeded-client';

// R27B probe: a change heard while the clock gives no time is kept with end NaN ("barred until
// released"). Folded by the cap (a flood), the fold's end is Math.max(..., NaN) = NaN: it never
// lapses and cannot be released, and every later fold stays NaN: every login held later is barred
// for the page's life.
describe('R27B p4: a NaN end folded', () => {
  it('login-2 held a minute after the flood: free again?', async () => {
    // The session read `unavailable` first, then login-2 (held a minute after the flood).
    const { s, other, wait } = seededTab((read) => (read === 1 ? null : 'login-2'));
    const { t } = s;
    try {
      await turns(20);
      const offset = t.offset;
      t.offset = Number.NaN; // the clock gives no time, for one message
      other.postMessage(pauseToldByX({ ms: 30_000 }));
      await turns(10);
      t.offset = offset;
      for (let i = 1; i <= 64; i++) other.postMessage(madeUpChange(i));
      await turns(10);
      await wait(120_000, 1_000);
      expect(s.client.view.status).toBe('signedIn');
      expect(free(s.client.view)).toBe(true);
    } finally {
      s.client.stop();
    }
  });
});
