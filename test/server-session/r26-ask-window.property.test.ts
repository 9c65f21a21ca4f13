import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { type ServerTabSync, serverTabsListener } from '../../machines/server-session/tabs';

// REVIEW-26 R26-2, model-based over generated sequences of asks (from a pool of tab ids) and of
// this tab's timer running (a hidden tab's timers run late: here, only when the sequence says so):
// each tab's first ask in a window is answered AT ONCE (never on this tab's timer), up to 16 tabs
// per window; the rest (repeats, or past 16) once more when the window ends; so a window costs 17
// answers at most, however many asks a script posts.

type Step = { ask: number } | { fire: true };

describe('server-session: the ask window (R26-2)', () => {
  it('generated asks × timer runs: a new tab answered at once, 17 answers per window at most', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.record({ ask: fc.integer({ min: 0, max: 24 }) }), fc.constant({ fire: true as const })),
          { maxLength: 120 },
        ),
        (steps: Step[]) => {
          let listener: ((m: ServerTabSync & { from?: string }) => void) | undefined;
          const tabs = {
            post: () => {},
            subscribe: (l: typeof listener) => {
              listener = l;
              return () => {};
            },
            close: () => {},
          };
          // Manual timers: the window's timer runs only when a step says so (the ASK_MS one never).
          const due: Array<{ fn: () => void; ms: number }> = [];
          const timers = {
            setTimeout: (fn: () => void, ms: number) => {
              const t = { fn, ms };
              due.push(t);
              return t;
            },
            clearTimeout: (t: unknown) => {
              const i = due.indexOf(t as never);
              if (i >= 0) due.splice(i, 1);
            },
          };
          let answers = 0;
          const m = setup({ actors: { tabs: serverTabsListener } }).createMachine({
            invoke: { src: 'tabs', input: { tabs: tabs as never, timers: timers as never } },
            on: { REMOTE_ASK: { actions: () => answers++ } },
          });
          const actor = createActor(m).start();
          // The model: the window open or not, the tabs answered in it, an ask left for its end.
          let open = false;
          let asked = false;
          let inWindow = 0;
          const seen = new Set<number>();
          try {
            for (const s of steps) {
              const before = answers;
              if ('ask' in s) {
                const fresh = !open || (!seen.has(s.ask) && inWindow < 16);
                listener!({ type: 'ask', from: `tab-${s.ask}` });
                if (!open) {
                  open = true;
                  asked = false;
                  seen.clear();
                  inWindow = 0;
                }
                if (fresh) {
                  seen.add(s.ask);
                  inWindow++;
                } else asked = true;
                // A tab not answered in the window (16 at most): answered at once, before any timer.
                expect(answers - before).toBe(fresh ? 1 : 0);
              } else {
                const w = due.find((t) => t.ms === 100);
                if (w) {
                  due.splice(due.indexOf(w), 1);
                  w.fn();
                }
                // The window's end: one more answer if an ask was left for it (a new window opens
                // with it, that answer counted in it).
                expect(answers - before).toBe(open && asked ? 1 : 0);
                open = open && asked;
                asked = false;
                seen.clear();
                inWindow = 1;
              }
              expect(inWindow).toBeLessThanOrEqual(16);
            }
          } finally {
            actor.stop();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
