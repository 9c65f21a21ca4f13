import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { forged, heldBefore, type Outcome } from './forged-support';
import { changesOf } from './in-flight-support';
import { runningClock, usePam } from './support';

// REVIEW-AK AK-2 / AK-3 and AJ-2 (server-session), generated: two tabs of one login, tab A's pause
// or self-exclusion held before it reaches the server, then a same-origin script's messages
// (`signedIn` of another login or of this one, `inflight` sent or settled, a `held` answer, an
// `ask`) and a third tab opened, each after a generated number of event-loop turns, before the
// change is released with a generated outcome (accepted, refused by the server, a dropped
// connection) and after. No signed-in view of any tab allows betting while the change is in flight,
// nor after an accepted one (in force) or one that may have been applied (the dropped connection);
// the call settles by its own answer, never `aborted` by a message. Real sockets, real time: the
// harness spins the event loop (no clock is read for any of this).

const clock = runningClock();
const pam = usePam(clock);
const CHANGES = changesOf(pam);

type Word =
  | { k: 'signedIn'; ours: boolean }
  | { k: 'inflight'; ours: boolean; settled: boolean }
  | { k: 'held'; ours: boolean }
  | { k: 'ask' }
  | { k: 'open' };
const word: fc.Arbitrary<Word> = fc.oneof(
  fc.record({ k: fc.constant('signedIn' as const), ours: fc.boolean() }),
  fc.record({ k: fc.constant('inflight' as const), ours: fc.boolean(), settled: fc.boolean() }),
  fc.record({ k: fc.constant('held' as const), ours: fc.boolean() }),
  fc.record({ k: fc.constant('ask' as const) }),
  fc.record({ k: fc.constant('open' as const) }),
);
const step = fc.record({ word, wait: fc.nat({ max: 30 }), after: fc.boolean() });

describe('server-session: forged words around a change in flight (property)', () => {
  it('no view allows betting while it is in flight or in force; no call is aborted by a message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('pause', 'selfExclusion'),
        fc.constantFrom<Outcome>('ok', 'refused', 'network'),
        fc.array(step, { maxLength: 6 }),
        async (kind, outcome, steps) => {
          pam.ref.server.reset();
          const clients: ServerSessionClientBase[] = [];
          try {
            const t = await heldBefore(pam, clients, CHANGES[kind].path);
            const loginId = (t.a.session.getSnapshot().context as { loginId: string }).loginId;
            // The tabs the claim is about (one opened after a dropped connection's settle reads the
            // server, which never had it; what may have been applied reaches it by the origin's
            // `localStorage`, none here: out of this claim).
            const tabs = [t.a, t.b];
            let settledAt = false;
            // In flight, then in force (accepted) or maybe applied (a dropped connection): watched.
            let watched = true;
            const breaches: string[] = [];
            const watch = (tab: ServerSessionClientBase, i: number) =>
              tab.subscribe((v) => {
                if (watched && v.status === 'signedIn' && v.restrictions?.canBet)
                  breaches.push(`tab ${i} while in flight or in force`);
              });
            tabs.forEach(watch);
            const call = CHANGES[kind].send(t.user).then(
              () => 'ok',
              (e: { code?: string; status?: number }) => (e.code === 'http' ? e.status : e.code),
            );
            await until(() => t.held.length === 1, 'the change on its way, held before the server');
            const play = async (s: (typeof steps)[number], n: number) => {
              await turns(s.wait);
              const w = s.word;
              const id = (w as { ours?: boolean }).ours ? loginId : `forged-${n}`;
              if (w.k === 'open') {
                const c = t.make();
                if (!settledAt || outcome !== 'network') watch(c, tabs.push(c) - 1);
              } else if (w.k === 'ask') t.script.postMessage(forged({ type: 'ask' }));
              else if (w.k === 'signedIn') t.script.postMessage(forged({ type: 'signedIn', loginId: id }));
              else if (w.k === 'inflight')
                t.script.postMessage(
                  forged({ type: 'inflight', loginId: id, kind, id: `x${n}`, settled: w.settled }),
                );
              else
                t.script.postMessage(
                  forged({ type: 'held', loginId: id, inflight: [{ kind, id: `y${n}`, ms: 45_000 }] }),
                );
            };
            for (const [n, s] of steps.entries()) if (!s.after) await play(s, n);
            await turns(10);
            // (Refused by the server: never applied, nothing to watch from its send on.)
            watched = outcome !== 'refused';
            t.held[0]!(outcome);
            const settled = await call;
            settledAt = true;
            expect(settled).not.toBe('aborted');
            expect(settled).toBe(outcome === 'ok' ? 'ok' : outcome === 'refused' ? 422 : 'network');
            for (const [n, s] of steps.entries()) if (s.after) await play(s, n);
            await turns(60);
            expect(breaches).toEqual([]);
            // In force, or maybe applied: every signed-in tab barred (refused: no claim).
            const free = tabs.filter(
              (tab) => tab.view.status === 'signedIn' && tab.view.restrictions?.canBet,
            );
            expect(outcome === 'refused' ? [] : free).toEqual([]);
          } finally {
            for (const c of clients) c.stop();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
