import { describe, expect, it } from 'vitest';
import { profileOf } from '../../machines/session/profile';
import { flush, make, open } from './model';

// Review 33, finding 3: `OWNER` (another login held: an adoption, possibly of another player)
// forgets the login before by assigning `initial(...)`, which has no `limits` nor `pending` key:
// XState's assign merges, so the limits accepted in the login before (and its changes in flight)
// stay, applied to the new login's reads (each read showing a looser limit is read again, backing
// off, for the day).
describe('review33: OWNER of another player forgets the limits accepted in the login before', () => {
  it('another player’s login holds no limits accepted in the old one (the same player’s keeps them, below)', async () => {
    const r = open();
    await flush();
    r.pending.shift()!.resolve();
    await flush();
    await make.limitAccepted(50).run({}, r);
    expect(r.flow.getSnapshot().context.limits).toBeTruthy();
    // Another player's login adopted.
    r.limit = 100;
    r.flow.send({ type: 'OWNER', owner: { userId: 2, sid: 9 } });
    await flush();
    try {
      expect(r.flow.getSnapshot().context.limits ?? null).toBeNull();
    } finally {
      r.flow.stop();
    }
  });

  it('shows it: the new login read (limit 100) is shown with the old limit (50), and read again', async () => {
    const r = open();
    await flush();
    r.pending.shift()!.resolve();
    await flush();
    await make.limitAccepted(50).run({}, r);
    r.limit = 100;
    r.sid = 2;
    r.flow.send({ type: 'OWNER', owner: { userId: 1, sid: 2 } });
    await flush();
    const before = r.seq;
    while (r.pending.length) {
      r.pending.shift()!.resolve();
      await flush();
    }
    expect(profileOf(r.flow.getSnapshot()).restrictions.limits.deposit.amount).toBe(50);
    for (let i = 0; i < 60; i++) {
      r.clock.increment(60_000);
      await flush();
      while (r.pending.length) {
        r.pending.shift()!.resolve();
        await flush();
      }
    }
    expect(r.seq - before).toBeGreaterThan(8);
    r.flow.stop();
  });
});
