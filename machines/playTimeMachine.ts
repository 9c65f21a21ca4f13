import type { PlayTime } from 'pam-client';
import { assign, emit, type SnapshotFrom } from 'xstate';
import { finiteOr, isTime, monotonicNow, steadyClock } from './clock';
import { afterStep, machineSetup } from './machine-setup';
import { RESTORE_EVENT } from './persistence';
import {
  beatKinds,
  joined,
  merged,
  onClock,
  type PlayClockRecord,
  playClockRecordOf,
  playPeriodOf,
} from './play-time/clock';
import { activeLimit, arm, level, limitKey, playTimeOf } from './play-time/reading';
import { createLocalStoragePlayClock } from './play-time/stores';
import type {
  Limit,
  PlayTimeContext,
  PlayTimeEmitted,
  PlayTimeEvent,
  PlayTimeInput,
} from './play-time/types';
import { isTrusted, trusted } from './session/events';

export type { PlayClockCount, PlayClockRecord, PlayClockStore } from './play-time/clock';
// What the context shows and when the beat comes: ./play-time/reading.ts; the types: ./play-time/types.ts.
export { playTimeOf } from './play-time/reading';
// Where the play clock is kept: ./play-time/stores.ts.
export {
  createLocalStoragePlayClock,
  PLAY_CLOCK_KEY,
  type PlayClockStorage,
} from './play-time/stores';
export type {
  PlayTimeContext,
  PlayTimeEmitted,
  PlayTimeEvent,
  PlayTimeInput,
  PlayTimeLimit,
} from './play-time/types';

/**
 * The `PlayTime` of a `playTimeMachine` snapshot: time used and left in the period, and whether
 * the warning share or the limit is reached; null without an active time limit. Pure.
 *
 * @example
 * const playTime = selectPlayTime(actor.getSnapshot());
 * if (playTime?.warning) showTimeAlert(playTime.leftMs);
 */
export function selectPlayTime(snapshot: SnapshotFrom<typeof playTimeMachine>): PlayTime | null {
  return playTimeOf(snapshot.context);
}

/**
 * Play-time alerts for the time limit (`user_limit_time*`, Portaria SPA/MF 1.231/2024 as amended
 * by 2.579/2025). Run it while the player is signed in; it counts signed-in time in the limit's
 * period (a Brazilian day, week from Monday, or month), in one clock shared by every tab of the
 * origin (`store`), and never counts time while the device sleeps.
 *
 * - States: `off` (no active time limit) and `on` (one, or one not known yet: counted from
 *   sign-in), a parallel state: `clock.beating` (a heartbeat every `beatMs`) and `level.under` ->
 *   `level.warning` (emits `timeLimitWarning` at `warnAt`, default 80 %) -> `level.reached` (emits
 *   `timeLimitReached`). A new period goes back to `under`.
 * - `user_limit_time` is in MINUTES (`unitMs` 60 000); change `unitMs` if your service differs.
 * - Read the numbers with `selectPlayTime(snapshot)`.
 *
 * @example
 * const actor = createActor(playTimeMachine, {
 *   input: { limit: restrictionsOf(userInfo).limits.time, store: createLocalStoragePlayClock(`pam-client.play-time:${user.id}`) },
 * });
 * actor.on('timeLimitReached', ({ playTime }) => showTimeUp(playTime));
 * actor.start();
 * actor.send({ type: 'LIMIT', limit: restrictionsOf(newUserInfo).limits.time });
 */
export const playTimeMachine = /* @__PURE__ */ (() =>
  // Built in one pure call, so bundlers can drop it when unused.
  machineSetup({
    // Types only: `{}` at run time (createMachine does not read `types`).
    types: {} as {
      input: PlayTimeInput;
      context: PlayTimeContext;
      events: PlayTimeEvent;
      emitted: PlayTimeEmitted;
    },
    actions: {
      // The side effect of a heartbeat: read the shared clock, add this beat, write it back,
      // and hand the result to the machine (assign stays pure).
      // A heartbeat (not a BEAT) arms the beat again with the wait read after it (`arm`).
      // (After the step: its clock read may tell the clock's listeners, `afterStep`.)
      beat: afterStep(
        ({
          context,
          event,
          self,
        }: {
          context: PlayTimeContext;
          event: PlayTimeEvent;
          self: { send(e: never): void };
        }) => {
          // (Only `on`: an active limit, or one not known, counted in the day's own fields.)
          const kind = activeLimit(context.limit)?.period ?? 'daily';
          // Another tab's play clock (a BEAT's `record`): taken into the record first, whatever the
          // beat can place (`merged`: each count the larger, none lowered), in memory only: the beat
          // is counted as ever, nothing is written (a flood of them wrote the store twice each,
          // REVIEW-AB AB-3). The record taken so is joined with the store's at the next beat (as this
          // tab's every record is) and written at this tab's own. A malformed one is nothing (it beat,
          // and was told on, as this tab's own).
          const heardAs = (event as { record?: unknown }).record;
          const heard = playClockRecordOf(heardAs, true);
          if (heardAs && !heard) return;
          let told: object;
          let taken = context.clock;
          try {
            const now = context.now();
            const server = context.serverNow();
            const lost = context.trusted?.() === false;
            // Another tab's marks on this clock (`onClock`: placed by the server's time when this
            // clock's base is hours off theirs), only on a trusted clock: a server time off by a step
            // not yet corrected would place a mark late, and the time between would go uncounted.
            const here = (r: PlayClockRecord | null) =>
              lost ? r : onClock(r, now, server, context.maxGapMs);
            // The store's record as checked (a custom store's `read` is not: a count of NaN there was
            // shown under the limit for good, review 94), joined with this tab's record, so a count this
            // tab saw for a period is never lowered: a store cleared, or written lower by a fresh tab or
            // another script, brought a tab past the limit back under it (review 94).
            const read = here(playClockRecordOf(context.store.read()));
            let record = taken ? joined(read, taken, now, context.maxGapMs, context.own) : read;
            if (heard) taken = record = merged(record, here(heard)!, now, context.maxGapMs);
            // A clock that gives no time (NaN, Infinity, no number) counts nothing, and writes nothing;
            // nor does one that never learned the server's time (its period would be the device's,
            // which nothing checked: a device clock a day ahead would count in a fresh day, and its
            // two days could push today's count out of the shared record). Another tab that learned
            // counts the origin's time meanwhile; while none has, the time shown is not known.
            if (!isTime(now) || !isTime(server) || context.learned?.() === false) throw now;
            // The period (of the limit's kind, or `kind`) of a server time, its bounds moved onto the
            // counting clock.
            const periodAt = (at: number, k = kind) => {
              const shift = Number.isFinite(at) ? now - at : 0;
              const p = playPeriodOf(k, now - shift);
              return { key: p.key, start: p.start + shift };
            };
            // This tab's last beat placed on the clock as it reads now, by the monotonic time since:
            // a device clock stepped forward or back in between moves `now`, not the time played.
            const mono = context.monotonic();
            const since = context.own?.mono === undefined ? NaN : mono - context.own.mono;
            const own = Number.isFinite(since) ? now - since : null;
            // Fail closed on an untrusted clock (docs/time.md): the server's time is somewhere from this
            // tab's last beat carried on at the monotonic pace (a step forward moved `serverNow`, not
            // the time) to `serverNow` (a sleep the monotonic clock did not see), so the beat counts in
            // the periods of both.
            // The shared record carries how far behind the server's time may be (`behind`) to every tab
            // (a reloaded page, a second tab) while tabs beat without a gap, until a tab whose clock
            // lost its trust (`lost` at its last beat) regains it. The lower of this tab's and the
            // record's estimates counts.
            const live = Math.abs(now - (record?.lastBeat as number)) <= context.maxGapMs;
            const shared = live ? server - (record?.behind as number) : NaN;
            const mine = (context.own?.est as number) + since;
            const carried = mine > shared || Number.isNaN(mine) ? shared : mine;
            const est =
              (lost || (shared < server && !context.own?.lost)) && carried < server ? carried : server;
            const period = periodAt(server);
            const alt = periodAt(est);
            // Counted in the day, the week and the month alike: a change of the limit's period reads
            // the new one's count.
            // A mark ahead of `now` no tab moved since this tab's last beat (its tab is gone) places
            // nothing: this tab's own interval counts, the mark moves to `now` (fail closed).
            const seen = context.clock?.lastBeat as number;
            const next = beatKinds(
              seen > now && seen === record?.lastBeat ? { ...record, lastBeat: null } : record,
              now,
              kind,
              (k) => [periodAt(server, k), periodAt(est, k)],
              context.maxGapMs,
              own,
            );
            // (The mark on the server's time too, `PlayClockRecord.server`, from a trusted clock only,
            // at the earliest the server's time may be, `est`: a page opened after a step no answer
            // corrected yet is trusted at offset 0, ahead by the record's `behind`, and a mark placed
            // late cut the next beat's own interval: the midnight model's CI seed 1866821398.)
            if (!lost) next.server = (next.lastBeat as number) + est - now;
            const written = est < server ? { ...next, behind: server - est } : next;
            if (!heard) context.store.write(written);
            told = {
              type: 'CLOCK',
              clock: heard ? written : next,
              at: now,
              mono,
              periodKey: period.key,
              alt: alt.key,
              est,
              lost,
              heard: !!heard,
            };
          } catch {
            // A clock (or store) that throws or gives no time, or no server time learned: nothing
            // counted, and the time shown is not known until a beat can place it (fail closed:
            // `PlayTime.known`). This tab's last beat stays, so the next one counts from it (within a gap).
            // (A heard record stays taken, in memory: `heard`, written at the next own beat.)
            told = {
              ...context.own,
              type: 'CLOCK',
              clock: taken,
              unknown: true,
              ...(heard && { heard: true }),
            };
          }
          self.send(trusted(told) as never);
          // The wait read once this CLOCK is taken (`rearm`, on the event without a wait): read now,
          // a first beat's would not count the store's (a fresh tab beat on the threshold another
          // tab brought near up to a heartbeat late).
          if (event.type !== 'BEAT') self.send(trusted({ type: RESTORE_EVENT }) as never);
        },
      ),
      // A restore from `restoreActor` (no wait told): the wait read now, told again.
      rearm: afterStep(
        ({
          context,
          event,
          self,
        }: {
          context: PlayTimeContext;
          event: object;
          self: { send(e: never): void };
        }) => 'next' in event || arm(context, self),
      ),
      // Only on CLOCK: this tab's beat is the event less its type and the record.
      setClock: assign(({ event }) => {
        const { type, clock, ...own } = event as Extract<PlayTimeEvent, { type: 'CLOCK' }>;
        return { clock, own };
      }),
      // Only on LIMIT (this action and `limitChanged` run on its transition alone).
      setLimit: assign({ limit: ({ event }) => (event as Limit).limit }),
      emitWarning: emit(({ context }) => ({
        type: 'timeLimitWarning' as const,
        playTime: playTimeOf(context) as PlayTime,
      })),
      emitReached: emit(({ context }) => ({
        type: 'timeLimitReached' as const,
        playTime: playTimeOf(context) as PlayTime,
      })),
    },
    guards: {
      isWarning: (a) => level(a, 'warning', true),
      isReached: (a) => level(a, 'reached', true),
      hasLimit: ({ context }) => !!limitKey(context.limit),
      limitChanged: ({ context, event }) => limitKey(context.limit) !== limitKey((event as Limit).limit),
    },
    // The wait the beat (or a restore) read and told (`nextBeat`); none told yet (the transition
    // that runs the beat, which tells it at once): a heartbeat. Only from the event and the context.
    delays: {
      // (From 1 s to `beatMs`, as `nextBeat`'s: a wait told from outside cannot hold the beat back.)
      beat: ({ context, event }) =>
        Math.max(
          1_000,
          Math.min(context.beatMs, Number((event as { next?: unknown }).next) || context.beatMs),
        ),
    },
  }).createMachine({
    id: 'playTime',
    // (Written here, not in a helper: smaller gzipped, issue 33.)
    context: ({ input }): PlayTimeContext => {
      const beatMs = finiteOr(input?.beatMs, 15_000, 1000);
      const warn = input?.warnAt;
      const now = input?.now ?? steadyClock();
      return {
        // The services.
        store: input?.store ?? createLocalStoragePlayClock(),
        now,
        monotonic: input?.monotonic ?? (input?.now ? now : monotonicNow),
        serverNow: input?.serverNow ?? now,
        trusted: input?.trusted,
        learned: input?.learned,
        limit: input?.limit ?? null,
        unitMs: finiteOr(input?.unitMs, 60_000, 1),
        beatMs,
        maxGapMs: finiteOr(input?.maxGapMs, 2 * beatMs, beatMs),
        warnAt: typeof warn === 'number' && warn > 0 && warn <= 1 ? warn : 0.8,
        clock: null,
        own: null,
        owner: input?.owner ? { userId: input.owner.userId ?? null, sid: input.owner.sid ?? null } : null,
      };
    },
    // Its state lives in the shared store (the counts every tab writes) and the caller's limit:
    // `restoreActor` starts it again from there, reading the store at once, never from a stored
    // count or limit (review 111: an older snapshot showed time left until the first beat).
    meta: { restore: 'store' },
    initial: 'off',
    // A profile re-read that leaves the limit as it was changes nothing (no second warning).
    on: { LIMIT: { guard: 'limitChanged', target: '.off', actions: 'setLimit' } },
    states: {
      // No active time limit (known): nothing is counted.
      off: { always: { guard: 'hasLimit', target: 'on' } },
      on: {
        type: 'parallel',
        entry: 'beat',
        on: { CLOCK: { actions: 'setClock' } },
        states: {
          clock: {
            initial: 'beating',
            states: {
              beating: {
                after: { beat: { target: 'beating', reenter: true, actions: 'beat' } },
                on: {
                  BEAT: { actions: 'beat' },
                  // Only the machine's own (`trusted`): one an app sends would hold the beat back
                  // (review 114: a storm of them, or a forged `next`, kept a limit unannounced).
                  [RESTORE_EVENT]: {
                    guard: ({ event }) => isTrusted(event),
                    target: 'beating',
                    reenter: true,
                    actions: 'rearm',
                  },
                },
              },
            },
          },
          level: {
            initial: 'under',
            states: {
              // A beat that crosses both thresholds still warns first: the player always gets the warning.
              under: { always: { guard: 'isWarning', target: 'warning' } },
              warning: {
                entry: 'emitWarning',
                always: [
                  { guard: 'isReached', target: 'reached' },
                  { guard: (a) => level(a, 'warning', false), target: 'under' },
                ],
              },
              reached: {
                entry: 'emitReached',
                always: { guard: (a) => level(a, 'reached', false), target: 'under' },
              },
            },
          },
        },
      },
    },
  }))();
