import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { profileOf } from '../../machines/session/profile';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { excludedFrom, profileOn } from './flow';

// Review of a25758bc, finding 1: a pause heard from another tab (undated, `remote`), while the
// server shows a self-exclusion in force and no pause. a25758bc's `shows` let the exclusion show
// the heard pause, and `datedBy` dated it by the start of a PAUSE in force: none, so `shown` was
// { pause, at: 0 }: never kept, never remembered. The midnight read from a lagging replica freed
// the player. A restriction shown by another kind is dated by that one's start.

async function run(words: ('pause' | 'selfExclusion')[], withStore: boolean) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-24T02:00:00.400Z')); // 23:00 in São Paulo
  let info = freeUserInfo();
  const accepted = withStore ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const { flow } = profileOn(clock, { info: () => info, ...(accepted && { accepted }) });
  await flush();
  expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ canBet: true, status: 'current' });
  // The server now holds an exclusion (no pause); another tab's words come, each kept first as
  // the tabs flow does (`keepHeard`: heard, dated now).
  info = excludedFrom(clock.now());
  for (const kind of words) {
    accepted?.remember(1, { kind, at: clock.now(), heard: true });
    flow.send({ type: 'CHECK', restricts: kind, remote: true } as never);
    await flush();
  }
  const midnight = nextBrazilMidnight(clock.now());
  while (clock.now() < midnight - 10 * S) {
    clock.increment(5 * S);
    await flush();
  }
  expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
  // From here the replica the reads reach lags (neither in force): the midnight's SPA re-check.
  info = freeUserInfo();
  while (clock.now() < midnight + 60 * S) {
    clock.increment(5 * S);
    await flush();
  }
  const ctx = flow.getSnapshot().context;
  const r = profileOf(flow.getSnapshot()).restrictions;
  flow.stop();
  return { canBet: r.canBet, status: r.status, shown: ctx.shown, expect: ctx.expect };
}

describe('review36 (review): a heard pause shown by a self-exclusion', () => {
  it('is kept for its day: a lagging read does not free the player (accepted store, 5-s peeks)', async () => {
    expect(await run(['pause'], true)).toMatchObject({ canBet: false, status: 'stale' });
  });
  it("another tab's exclusion, then its pause (both heard, no store): a lagging read does not free the player", async () => {
    expect(await run(['selfExclusion', 'pause'], false)).toMatchObject({ canBet: false, status: 'stale' });
  });
});
