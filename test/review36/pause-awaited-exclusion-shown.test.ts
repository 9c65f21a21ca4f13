import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { excludedFrom, profileOn } from './flow';

// HRW36 (test/server-session/http-restriction-writes.property, seed -2030645661): a pause whose
// answer was lost (maybe applied: awaited, fail closed) and then a self-exclusion accepted. The
// server refused the pause; its reads show the self-exclusion in force. The tab that had heard the
// pause last (its stamp, within the clock's bound, later than the exclusion's) awaited it for a day:
// `stale`, reading again backing off, while the other tab showed the exclusion `current`. A
// self-exclusion in force bars all a pause bars: a read that shows one shows a pause awaited too.

describe('review36: a pause awaited, a self-exclusion read in force', () => {
  it('is current and barred, not stale for a day', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00Z'));
    let info = freeUserInfo();
    const tab = profileOn(clock, { info: () => info });
    await flush();
    expect(tab.restrictions()).toMatchObject({ status: 'current', canBet: true });
    // The pause's answer lost (told as maybe applied); the server applies the exclusion after it.
    const at = clock.now();
    clock.increment(200);
    info = excludedFrom(clock.now());
    tab.flow.send({ type: 'CHECK', restricts: 'pause', at } as never);
    await flush();
    const after = tab.reads();
    await tab.run(30, S);
    expect(tab.restrictions()).toMatchObject({
      status: 'current',
      canBet: false,
      inForce: [expect.objectContaining({ kind: 'selfExclusion' })],
    });
    expect(tab.reads() - after, 'reads after the one that showed the exclusion').toBeLessThanOrEqual(1);
    tab.flow.stop();
  });
});
