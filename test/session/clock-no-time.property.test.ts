import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { manualTimers } from '../support/manual-timers';
import { useReferenceServer } from '../support/server';

// Over generated sequences of clock behaviours (good readings, throws, NaN, ±Infinity, 1e20, steps)
// × events (TICK, REFRESH, a wake-up, which stamps the profile flow, and time passing, with its
// profile reads and answers): once the session has read a clock that gives no time, and as long as
// it gives none, restrictions are never `current` nor `canBet`; and nothing is judged from a
// non-reading (no sign-out, no refresh request) (review 10, F3 and F4). Real sockets against the
// reference server; the client's timers by hand.

const ctx = useReferenceServer();
const { client: newClient, signIn } = usePamClients(ctx);

type Mode = 'ok' | 'throw' | 'nan' | 'infinity' | 'huge';
type Op =
  | { kind: 'clock'; mode: Mode }
  | { kind: 'step'; ms: number }
  | { kind: 'tick' | 'refresh' | 'wake' }
  | { kind: 'time'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc
    .constantFrom<Mode>('ok', 'throw', 'nan', 'infinity', 'huge')
    .map((mode) => ({ kind: 'clock' as const, mode })),
  fc.integer({ min: -600_000, max: 600_000 }).map((ms) => ({ kind: 'step' as const, ms })),
  fc.constantFrom('tick' as const, 'refresh' as const, 'wake' as const).map((kind) => ({ kind })),
  fc.integer({ min: 1, max: 12 }).map((n) => ({ kind: 'time' as const, ms: n * 500 })),
);

describe('property: a clock that gives no time judges nothing', () => {
  it('never current, never canBet, never signed out, no refresh sent, while the clock gives no time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('plain' as const, 'timeLimit' as const),
        fc.array(op, { minLength: 1, maxLength: 12 }),
        async (who, ops) => {
          const t = { now: Date.now() };
          const { timers, advance } = manualTimers(t);
          const s = { mode: 'ok' as Mode, noTimeSeen: false };
          const bad = () => s.mode !== 'ok';
          const now = () => {
            if (s.mode === 'throw') throw new Error('clock unavailable');
            return { ok: t.now, nan: Number.NaN, infinity: Number.POSITIVE_INFINITY, huge: 1e20 }[
              s.mode as 'ok'
            ];
          };
          const wakes = new Set<(hidden: boolean) => void>();
          const visibility = {
            isHidden: () => false,
            onChange: (f: (hidden: boolean) => void) => {
              wakes.add(f);
              return () => wakes.delete(f);
            },
          };
          const violations: string[] = [];
          const fetchWhileBad: string[] = [];
          const fetchRecorded: typeof fetch = (input, init) => {
            if (bad() && String(input).includes('refresh')) fetchWhileBad.push(String(input));
            return globalThis.fetch(input, init);
          };
          const client = newClient({ environment: { now, timers, visibility }, fetch: fetchRecorded });
          for (const type of ['signedOut', 'sessionExpired'] as const)
            client.on(type, () => {
              if (bad()) violations.push(`${type} while the clock gives no time`);
            });
          await signIn(client, who);
          await until(() => client.view.restrictions?.status === 'current', 'the profile read');
          const check = (where: string) => {
            const r = client.view.restrictions;
            if (bad() && s.noTimeSeen && (r?.status === 'current' || r?.canBet !== false))
              violations.push(`${where}: ${r?.status}/${r?.canBet}`);
          };
          client.subscribe(() => check('a view'));
          for (const o of ops) {
            if (o.kind === 'clock') {
              s.mode = o.mode;
              if (!bad()) s.noTimeSeen = false;
            } else if (o.kind === 'step') t.now += o.ms;
            else if (o.kind === 'time')
              for (let i = 0; i < o.ms; i += 250) {
                advance(250);
                await turns(5);
              }
            else {
              // The session reads the clock on a TICK and a wake-up: a reading of no time.
              if (bad() && o.kind !== 'refresh') s.noTimeSeen = true;
              if (o.kind === 'wake') for (const f of wakes) f(false);
              else client.state.send({ type: o.kind === 'tick' ? 'TICK' : 'REFRESH' });
            }
            await turns(5);
            check(o.kind);
          }
          client.stop();
          expect(violations).toEqual([]);
          expect(fetchWhileBad).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
