// Review 80, finding 2 (HIGH, fail open).
// Fixed in the fifty-second pass (failed on 7dfdbfcd, seen): profile-rules.ts `early`, accepted-store.ts
// `recall` and `mergeLimits`, profile-take.ts (no lapse on a clock that has not learned).
// Checks: a pause the server accepted an hour ago (kept for the player, `pam-client.restricted:1`,
// dated by the sending page's server time) read back on a page whose device clock was then set 2
// days ahead, against an API whose `Date` is not exposed (the clock never learns), while the read
// does not show the pause yet (a lagging replica: what the kept record exists for).
// Docs promise: docs/session.md "What one tab accepted, every tab keeps ... a restriction holds
// until a read shows it in force, or until a read sent a day after it was accepted still does not
// show it, on a trusted clock"; docs/time.md "No server time learned, no dated judgment" (a device
// clock that nothing checked may be days ahead). An accepted record is never moved by an untaught
// clock (REVIEW-T T-7).
// What happens: `acceptedStoreOf(...).recall` lapses the record by the untaught device clock
// (machines/session/accepted-store.ts:145 `now - latest.at >= ACCEPTED_MS`, no `taught()` check;
// profile-take.ts:48 lapses on `stamp.trusted === false` only, never on an unlearned clock), so the kept pause is gone, and the lagging read, holding no date, is
// `current` with `canBet: true` an hour after the player paused.
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useServerHidingDate } from '../support/hidden-date';
import { useMemoryLocalStorage } from '../support/memory-local-storage';

const DAY = 86_400_000;
const { tracked, newClient, signIn } = useServerHidingDate();
useMemoryLocalStorage();

describe('review80: a kept pause read on an untaught device clock 2 days ahead', () => {
  it('is not lapsed by the unchecked device clock: never free to bet', async () => {
    // The page that sent it (right clock) kept it: accepted an hour ago, server time.
    localStorage.setItem(
      'pam-client.restricted:1',
      JSON.stringify({ kind: 'pause', at: Date.now() - 3_600_000 }),
    );
    const clock = createClock({ wall: () => Date.now() + 2 * DAY });
    const client = newClient({ environment: { clock } });
    const free: unknown[] = [];
    client.subscribe((v) => v.restrictions?.canBet && free.push(v.restrictions.status));
    await signIn(client, 'plain');
    await until(() => !!client.view.restrictions?.checkedAt, 'the read taken');
    await tracked.idle();
    expect(clock.learned?.()).toBe(false);
    expect(free, 'views free to bet an hour after the pause').toEqual([]);
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});
