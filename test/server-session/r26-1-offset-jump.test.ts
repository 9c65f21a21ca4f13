import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { free, NOON, seedOf, startSeeded } from './seeded-client';

// R26-1: the ask's wait (R25-7) is dated in SERVER time (askUntil = reading.serverAt + 500) and
// lapses in the profile flow when the flow's server time passes it. The clock's offset moving
// forward (a first Date learned, a step) during the wait ends it at once, before the other tab's
// answer had its turn: a view free to bet while the other tab's pause is in flight.
describe('R26-1: the ask wait ends early when server time jumps', () => {
  const run = async (jump: number, answerAt: number) => {
    const hub = new FakeChannelHub();
    const other = hub.channel();
    let ask = false;
    other.addEventListener('message', (e: { data: unknown }) => {
      if ((e.data as { type?: string }).type === 'ask') ask = true;
    });
    const seed = seedOf({ readAt: NOON });
    let tt: { offset: number } | undefined;
    const s = startSeeded(undefined, {
      at: NOON,
      channel: hub.channel(),
      answer: (path) => {
        if (path.endsWith('/session')) {
          // (The clock learned the server's time from this answer: server time moved forward.)
          tt!.offset += jump;
          return { status: 200, body: { ...seed, readAt: NOON + jump } };
        }
        return 'hang';
      },
    });
    tt = s.t;
    try {
      await turns(20);
      expect(ask).toBe(true);
      // 100 ms of real time: the other tab (holding a pause in flight) answers at 300 ms.
      s.advance(Math.min(100, answerAt));
      await turns(20);
      const before = s.views.filter(free).length;
      s.advance(answerAt - Math.min(100, answerAt));
      other.postMessage(
        forged({ type: 'inflight', loginId: 'login-1', kind: 'pause', id: 'p1', settled: false, ms: 10_000 }),
      );
      await turns(20);
      expect(s.client.view.status).toBe('signedIn');
      // No view free to bet before the answer had its turn (`answerAt` < ASK_MS).
      expect(before).toBe(0);
      expect(free(s.client.view)).toBe(false);
    } finally {
      s.client.stop();
    }
  };

  it.each([0, 2_000])('offset jump %i ms while GET /session is on its way', (jump) => run(jump, 300));

  it('generated offset moves (back or forward, up to 1 h) × answer times inside the wait', () =>
    fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -3_600_000, max: 3_600_000 }),
        fc.integer({ min: 0, max: 450 }),
        run,
      ),
      { numRuns: 40 },
    ));
});
