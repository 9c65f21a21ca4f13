import { describe, expect, it } from 'vitest';
import { profileOf } from '../../machines/session/profile';
import { D, flush, make, open } from './model';

// Review 33, finding 4 (liveness, fail closed): a restriction accepted (`CHECK { restricts }`, here
// or another tab's word) is awaited (`expect`) until a read of the flow's own shows it, with no end:
// one that ended before any read showed it (a short pause, a device asleep, a read failing meanwhile)
// is never shown, so the login stays barred (`stale`) and reads every 5 min until it ends.
describe('review33: a pause awaited that ended before a read showed it', () => {
  it('stops barring once it has ended', async () => {
    const r = open();
    await flush();
    // The first read answered; a pause accepted (the server holds it 7 days); its read never answers.
    r.pending.shift()!.resolve();
    await flush();
    await make.pause().run({}, r);
    for (let i = 0; i < 8; i++) await make.midnight(0).run({}, r);
    // The pause over: every answer delivered from now, an hour run.
    r.told = false;
    const before = r.seq;
    for (let i = 0; i < 60; i++) {
      while (r.pending.length) {
        r.pending.shift()!.resolve();
        await flush();
      }
      r.clock.increment(60_000);
      await flush();
    }
    try {
      expect(r.clock.now() - (r.pausedAt as number)).toBeGreaterThan(7 * D);
      expect(r.seq - before).toBeLessThanOrEqual(4);
      expect(profileOf(r.flow.getSnapshot()).restrictions).toMatchObject({ status: 'current', canBet: true });
    } finally {
      r.flow.stop();
    }
  });
});
