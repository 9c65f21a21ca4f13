import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { forged } from './forged-support';
import { holdingHeardPause } from './heard-pause';
import { free, NOON, startSeeded } from './seeded-client';

// R26-2: R25-9's ask window makes the answer to a second ask wait on the ANSWERING tab's timer
// (100 ms). That tab is the one in the background: browsers run a hidden tab's timers at 1 s
// wake-ups (more when intensively throttled). A new tab that asks within 100 ms of another ask (a
// script's, or a second real tab opened with it) is answered after its own 500 ms wait: free to bet
// while the change in flight held by the background tab is on its way. Each tab here has its own
// timers: A's (hidden) are moved by 0 ms while C's (foreground) move 500 ms.
describe('R26-2: an ask inside the window of another is answered on the background tab timer', () => {
  it.each(['none', 'forged ask', 'another new tab', 'another new tab, its session read on its way'])(
    'ask before C: %s',
    async (before) => {
      // Tab X told a pause in flight, then closed (a crashed or reloaded tab): A holds it, heard.
      const { hub, seed, a, x, started } = await holdingHeardPause();
      try {
        expect(free(a.client.view)).toBe(false);
        if (before === 'forged ask') x.postMessage(forged({ type: 'ask', from: 'forged-1' }));
        if (before === 'another new tab')
          started.push(startSeeded(seed, { at: NOON + 600, channel: hub.channel() }));
        // (No forgery: two tabs restored together, the first one still reading GET <prefix>/session.)
        if (before === 'another new tab, its session read on its way')
          started.push(
            startSeeded(undefined, { at: NOON + 600, channel: hub.channel(), answer: () => 'hang' }),
          );
        await turns(10);
        const c = startSeeded(seed, { at: NOON + 600, channel: hub.channel() });
        started.push(c);
        await turns(20);
        c.advance(500); // C's wait is over; A's timers (hidden tab) have not run yet
        await turns(20);
        expect(c.client.view.status).toBe('signedIn');
        expect(c.views.filter(free).length).toBe(0);
      } finally {
        for (const s of started) s.client.stop();
      }
    },
  );
});
