// A GENERATE sent while incomeReportMachine loads the years was dropped (review leftover of the
// thirty-first pass): the app's button did nothing. Now the last one is kept and sent once the
// years came, judged as in `ready` (a year they do not offer: refused, nothing sent); years that
// fail leave it `failed` ('years'), and RETRY loads them and sends it. Over generated orders of
// GENERATEs (before, during and after the years' answer) and the years answering or failing: the
// report asked last is generated exactly once, or refused with a typed error; never lost silently.
// A hand-made user module whose answers the test lets go; time on a SimulatedClock.

import fc from 'fast-check';
import { type IncomeReportData, isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { until } from '../support/event-loop';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

type Step = { t: 'generate'; year: number } | { t: 'years'; ok: boolean } | { t: 'retry' };

async function run(steps: Step[]) {
  const years: { resolve(v: { years: number[] }): void; reject(e: unknown): void }[] = [];
  const sent: number[] = [];
  const user = {
    getAvailableYears: () =>
      new Promise<{ years: number[] }>((resolve, reject) => years.push({ resolve, reject })),
    generateIncomeReport: async (p: { reference_year: number }) => {
      sent.push(p.reference_year);
      return {
        id: 7,
        reference_year: p.reference_year,
        delivery_type: 'email',
        status: 1,
      } as IncomeReportData;
    },
    getIncomeReportStatus: () => new Promise<IncomeReportData>(() => {}),
  };
  const clock = new SimulatedClock();
  const actor = createActor(incomeReportMachine, {
    clock,
    input: { user: user as never, now: () => clock.now(), random: () => 0.5 },
  });
  const crashes: unknown[] = [];
  actor.subscribe({ error: (e) => crashes.push(e) });
  actor.start();
  let asked: number | null = null;
  for (const s of steps) {
    if (s.t === 'generate') {
      const before = actor.getSnapshot();
      // (Taken only where GENERATE is an event: loading the years, or ready.)
      if (before.matches('loadingYears') || before.matches('ready')) asked = s.year;
      actor.send({ type: 'GENERATE', referenceYear: s.year, deliveryType: 'email' });
    } else if (s.t === 'years') {
      const y = years.shift();
      if (s.ok) y?.resolve({ years: [2024, 2025] });
      else y?.reject(new TypeError('fetch failed'));
    } else actor.send({ type: 'RETRY' });
    await flush();
  }
  // The years answer at last (RETRY after a failure), every step settled.
  for (let i = 0; i < 3; i++) {
    if (actor.getSnapshot().matches('failed') && actor.getSnapshot().context.failure === 'years')
      actor.send({ type: 'RETRY' });
    await flush();
    years.shift()?.resolve({ years: [2024, 2025] });
    await flush();
  }
  await until(() => !actor.getSnapshot().matches('generating'), 'generated');
  const s = actor.getSnapshot();
  actor.stop();
  expect(crashes).toEqual([]);
  return { s, sent, asked };
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('generate' as const), year: fc.constantFrom(2024, 2025, 2019) }),
  fc.record({ t: fc.constant('years' as const), ok: fc.boolean() }),
  fc.record({ t: fc.constant('retry' as const) }),
);

describe('incomeReportMachine: a GENERATE sent while the years load is never lost', () => {
  it('sent before the years came: generated once they did', async () => {
    const { s, sent } = await run([
      { t: 'generate', year: 2025 },
      { t: 'years', ok: true },
    ]);
    expect(sent).toEqual([2025]);
    expect(s.matches('polling')).toBe(true);
  });

  it('(property) the last report asked while loading or ready is sent exactly once, or refused with a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        const { s, sent, asked } = await run(steps);
        if (asked === null) {
          expect(sent).toEqual([]);
          expect(s.matches('ready')).toBe(true);
          return;
        }
        // Generated once, the year asked last (in `generating` or later a GENERATE is no event),
        // or a year not offered refused: failed, typed, nothing sent.
        const refused =
          s.matches('failed') && isPamError(s.context.error) && s.context.error.code === 'invalid_request';
        expect({ sent, refused }).toEqual(
          asked === 2019 ? { sent: [], refused: true } : { sent: [asked], refused: false },
        );
      }),
      {
        numRuns: 300,
        examples: [[[{ t: 'generate', year: 2025 }, { t: 'years', ok: false }, { t: 'retry' }]]],
      },
    );
  });
});
