// Severity: LOW (fail closed, but a day of `stale` and re-reads while the read shows the exclusion).
// docs/session.md / profile-services.ts `datedBy`: a heard restriction, once shown, "is dated here by
// that read, at the latest start of a pause or self-exclusion in force (the other kind's too ... a
// later date would make the very restriction that showed it fail to show it again)". Since review
// 85 a pause no longer shows a self-exclusion (`shows`), yet `datedBy` still dates a heard
// self-exclusion by a pause that started after it: the next read, identical, no longer shows the
// exclusion kept (`shown`), and the flow goes `stale` (re-reading with back-off) for the rest of the
// day although every read shows the self-exclusion in force.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { flush, S } from '../review33/model';
import { profileOn, sp } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';

const H = 3_600_000;
const DAY = 24 * H;

describe('review90: a heard self-exclusion dated by a later pause', () => {
  it('an identical read after the one that showed it still shows it (current, not stale)', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    const t0 = clock.now();
    const xs = t0 - 2 * DAY; // the exclusion started two days ago
    const ps = t0 - DAY; // a pause started one day ago (after the exclusion)
    const info = freeUserInfo({
      user_exclusion: 3,
      user_exclusion_at: sp(xs - (xs % 1000)),
      user_exclusion_in: sp(xs + 90 * DAY),
      user_pause: 7,
      user_pause_at: sp(ps - (ps % 1000)),
      user_pause_in: sp(ps + 7 * DAY),
    });
    const tab = profileOn(clock, { info: () => info });
    await flush();
    await tab.run(2, S);
    expect(tab.restrictions().status).toBe('current');
    // Another tab's word: a self-exclusion (heard now).
    tab.flow.send({ type: 'CHECK', restricts: 'selfExclusion', remote: true, heardAt: clock.now() } as never);
    await tab.run(4, S);
    expect(tab.restrictions().status).toBe('current');
    // Read again (any re-read: a profile change, a midnight): the same register.
    tab.flow.send({ type: 'CHECK' } as never);
    await tab.run(4, S);
    const reads = tab.reads();
    // An hour later.
    await tab.run(720, S);
    const r = tab.restrictions();
    const more = tab.reads() - reads;
    tab.flow.stop();
    expect(r.canBet).toBe(false);
    expect(r.accountBlocked).toBe(true);
    expect({ status: r.status, readsInAnHour: more }).toEqual({ status: 'current', readsInAnHour: 0 });
  });
});
