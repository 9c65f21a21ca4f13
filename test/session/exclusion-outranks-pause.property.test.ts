// Review 85 (fifty-third pass): one slot keeps an accepted restriction (the profile flow's awaited
// one, the accepted store's record), and a pause accepted after a self-exclusion of unknown outcome
// replaced it; a read showing the pause then showed the account open (`accountBlocked` false) while
// the exclusion may be in force. Now a self-exclusion outranks a pause within a day of it (its day
// counted to the pause's: `strongerOf`), and a pause shows no self-exclusion (`shows`).
// Properties, over generated sequences of sends (pause or self-exclusion, in any order and at any
// times, the server applying any of them) and reads (each showing any of those applied, a replica
// that lags showing fewer):
// - the flow: within a day of a self-exclusion sent, the account is shown blocked (awaited until a
//   read shows it, then kept for its day as shown); within a day of any send, no betting;
// - the accepted store: whatever the order they are remembered in, a record live at a time (within
//   its day) is covered by what `recall` answers then (a self-exclusion by a self-exclusion).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import type { AcceptedRestriction } from '../../machines/session/profile';
import { flush, S } from '../review33/model';
import { profileOn, sp } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';

const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.parse('2026-11-23T15:00:00.400Z');

type Kind = AcceptedRestriction['kind'];

describe('a self-exclusion outranks a pause (review 85)', () => {
  it('the accepted store: a record live at a time is covered by what recall answers then', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom<Kind>('pause', 'selfExclusion'),
            at: fc.integer({ min: 0, max: 48 * H }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.integer({ min: 0, max: 30 * H }), { minLength: 1, maxLength: 4 }),
        (records, later) => {
          const store = acceptedStoreOf({}, { learned: () => true });
          for (const r of records) store.remember(1, { kind: r.kind, at: T0 + r.at });
          const last = Math.max(...records.map((r) => r.at));
          for (const d of later) {
            const now = T0 + last + d;
            const kept = store.recall(1, now, true);
            for (const r of records) {
              if (!(now - (T0 + r.at) < DAY)) continue;
              expect(kept, `${r.kind} at ${r.at / H} h, asked at ${(last + d) / H} h`).not.toBeNull();
              if (r.kind === 'selfExclusion') expect(kept!.kind).toBe('selfExclusion');
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the flow: the account shown blocked until a read shows the exclusion, no betting within a day of a send', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom<Kind>('pause', 'selfExclusion'),
            // Minutes after the previous send.
            gap: fc.integer({ min: 0, max: 20 * 60 }),
            applied: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        // Each read: which of the applied ones it shows (a replica that lags shows fewer).
        fc.array(fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        // Minutes between the reads the test asks for.
        fc.array(fc.integer({ min: 1, max: 8 * 60 }), { minLength: 1, maxLength: 12 }),
        async (sends, reads, steps) => {
          const clock = new SimulatedClock();
          clock.set(T0);
          const sent: { kind: Kind; at: number; applied: boolean }[] = [];
          let shows: boolean[] = [true, true, true, true];
          // What the server answers: each applied send in force from when it was sent, as the
          // current read shows it (`shows`).
          const info = () => {
            const on = sent.filter((s, i) => s.applied && shows[i]);
            const pause = on.filter((s) => s.kind === 'pause').at(-1);
            const exclusion = on.filter((s) => s.kind === 'selfExclusion').at(-1);
            return freeUserInfo({
              ...(pause && {
                user_pause: 1,
                user_pause_at: sp(pause.at - (pause.at % 1000)),
                user_pause_in: sp(pause.at + DAY),
              }),
              ...(exclusion && {
                user_exclusion: 3,
                user_exclusion_at: sp(exclusion.at - (exclusion.at % 1000)),
                user_exclusion_in: sp(exclusion.at + 90 * DAY),
              }),
            });
          };
          const tab = profileOn(clock, { info });
          await flush();
          const check = (label: string) => {
            const r = tab.restrictions();
            const now = clock.now();
            for (const s of sent) {
              if (!(now - s.at < DAY)) continue;
              expect(r.canBet, `${label}: a ${s.kind} sent ${(now - s.at) / H} h ago`).toBe(false);
              if (s.kind === 'selfExclusion')
                expect(r.accountBlocked, `${label}: an exclusion sent ${(now - s.at) / H} h ago`).toBe(true);
            }
          };
          for (const [i, s] of sends.entries()) {
            clock.increment(s.gap * 60 * S);
            await flush();
            sent.push({ kind: s.kind, at: clock.now(), applied: s.applied });
            // The change answered (accepted, or its outcome unknown: the same to the flow).
            tab.flow.send({ type: 'CHECK', restricts: s.kind, at: clock.now() } as never);
            await flush();
            check(`after send ${i}`);
          }
          for (const [i, show] of reads.entries()) {
            shows = show;
            clock.increment((steps[i % steps.length] ?? 1) * 60 * S);
            await flush();
            tab.flow.send({ type: 'CHECK' } as never);
            for (let k = 0; k < 5; k++) {
              clock.increment(S);
              await flush();
            }
            check(`after read ${i}`);
          }
          tab.flow.stop();
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
