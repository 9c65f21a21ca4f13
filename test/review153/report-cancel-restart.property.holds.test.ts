// Review 153, HOLDS (property): CANCEL / GENERATE / RETRY / RESET / PAUSE / WAKE sent in generated
// bursts, some while a request is on its way (sent before the answer is read), time advanced
// between bursts. Each generate makes a new report on the server (a real socket, node:http); a
// report answers pending, processing, then ready. Invariants: never a snapshot whose report is
// not the last one generated for the request shown; `completed` only with that report, ready,
// for the year and delivery asked; the actor never errors; at most one request in flight.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { report, reportRig, runUntil } from '../review131/report-support';

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

type Cmd =
  | { type: 'GENERATE'; referenceYear: number; deliveryType: 'download' | 'email' }
  | { type: 'CANCEL' | 'RETRY' | 'RESET' | 'PAUSE' | 'WAKE' };
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({
    type: fc.constant('GENERATE' as const),
    referenceYear: fc.constantFrom(2024, 2025),
    deliveryType: fc.constantFrom('download' as const, 'email' as const),
  }),
  fc.constantFrom(...(['CANCEL', 'RETRY', 'RESET', 'PAUSE', 'WAKE'] as const)).map((type) => ({ type })),
);

describe('review 153: cancel and restart while a request is on its way', () => {
  it('the report shown is always the last one generated; completed only when it is ready', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.array(cmd, { minLength: 1, maxLength: 3 }), fc.nat({ max: 4 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (bursts) => {
          let gid = 100;
          const made = new Map<number, { year: number; type: string; polls: number }>();
          const rig = await reportRig(
            (method, url) => {
              if (url.endsWith('/income-report/available-years')) return { body: { years: [2024, 2025] } };
              if (method === 'POST' && url.endsWith('/income-report/generate')) {
                gid++;
                // The body is not read by the route: the year and delivery come from the actor.
                const req = rig.actor.getSnapshot().context.request!;
                made.set(gid, { year: req.referenceYear, type: req.deliveryType, polls: 0 });
                return {
                  body: report(1, {
                    id: gid,
                    reference_year: req.referenceYear,
                    delivery_type: req.deliveryType,
                  }),
                };
              }
              const m = /\/income-report\/(\d+)$/.exec(url);
              const r = m && made.get(Number(m[1]));
              if (!r) return { status: 404, body: {} };
              r.polls++;
              const status = Math.min(3, r.polls + 1);
              return {
                body: report(status, {
                  id: Number(m![1]),
                  reference_year: r.year,
                  delivery_type: r.type,
                  download_url:
                    status === 3 && r.type === 'download' ? `/v1/income-report/${m![1]}/file` : null,
                }),
              };
            },
            { pollIntervalMs: 1000, maxPollMs: 60_000 },
          );
          rigs.push(rig);
          let errored: unknown;
          rig.actor.subscribe({ error: (e) => (errored = e) });
          rig.actor.start();
          await runUntil(rig, (s) => s.matches('ready'));
          for (const [burst, timers] of bursts) {
            for (const c of burst) {
              if (c.type === 'PAUSE') rig.page.setHidden(true);
              else if (c.type === 'WAKE') rig.page.setHidden(false);
              else rig.actor.send(c);
            }
            for (let i = 0; i < timers; i++) {
              await runUntil(rig, () => true, 1);
              rig.clock.advanceToNext();
            }
            const s = await runUntil(rig, () => true, 1);
            expect(errored).toBeUndefined();
            const { report: shown, request } = s.context;
            // (Nothing shown: nothing to compare, each side read as the request.)
            const origin = shown ? made.get(shown.id) : undefined;
            const asked = { year: request?.referenceYear, type: request?.deliveryType };
            expect(shown ? { year: shown.reference_year, type: shown.delivery_type } : asked).toEqual(asked);
            expect(shown ? { year: origin?.year, type: origin?.type } : asked).toEqual(asked);
            const done = s.matches('completed');
            expect(done ? { status: shown?.status, id: shown?.id } : { status: 3, id: gid }).toEqual({
              status: 3,
              id: gid,
            });
          }
          rig.page.setHidden(false);
          rig.actor.stop();
          await rig.server.close();
          rigs.splice(rigs.indexOf(rig), 1);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
