// Review 111 (the fix's own check): whatever a stored snapshot's context holds (any JSON value in
// any key, planted keys), a restored login, token-refresh or income-report actor takes its settings
// from the fresh input, keeps no stored value of another shape than a fresh one's, no link a
// download would not fetch, and starts without an error status. Generated contexts (fast-check),
// no network: the services answer nothing (never called before the assertions).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { loginMachine } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';

const never = () => new Promise<never>(() => {});
const auth = { login: never, loginWithTwoFactor: never, refreshToken: never } as never;
const user = {
  getIncomeReportYears: never,
  generateIncomeReport: never,
  getIncomeReportStatus: never,
} as never;
const cases = [
  { machine: loginMachine, input: { auth, carried: 2 }, settings: { carried: 2, captcha: null } },
  {
    machine: tokenRefreshMachine,
    input: { auth, intervalMs: 600_000, tickMs: 30_000, flightMs: 20_000 },
    settings: { intervalMs: 600_000, tickMs: 30_000, flightMs: 20_000 },
  },
  {
    machine: incomeReportMachine,
    input: { user, pollIntervalMs: 500, maxPollMs: 9_000 },
    settings: { pollIntervalMs: 500, maxPollMs: 9_000 },
  },
] as const;

const hostile = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(-1, 1e300, 0, '0', 'javascript:alert(1)', {
    download_url: 'javascript:alert(1)',
    status: 3,
  }),
);
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

describe('review 111: a restored context takes only what fits', () => {
  for (const { machine, input, settings } of cases)
    it(`${machine.id}: settings from the input, stored values only in the fresh ones' shape`, () => {
      const actor = createActor(machine as never, { input } as never);
      const fresh = (actor.getSnapshot() as { context: Record<string, unknown> }).context;
      const stored = JSON.parse(JSON.stringify(persistedData(actor as never)));
      const keys = [...Object.keys(fresh), 'report', 'request', 'planted'];
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys), hostile), (planted) => {
          const context = { ...stored.context, ...planted };
          const restored = restoreActor(machine as never, { ...stored, context }, input as never);
          const got = (restored.getSnapshot() as { context: Record<string, unknown> }).context;
          expect(got).toMatchObject(settings);
          for (const [key, value] of Object.entries(fresh))
            if (
              value !== null &&
              typeof value !== 'function' &&
              typeof value !== 'object' &&
              value !== undefined
            )
              expect([key, kindOf(got[key])]).toEqual([key, kindOf(value)]);
          for (const value of Object.values(got))
            if (typeof value === 'number') expect(value >= 0 && value < Infinity).toBe(true);
          expect(JSON.stringify(got.report ?? null)).not.toContain('javascript:');
          expect(Object.keys(got).sort()).toEqual(Object.keys(fresh).sort());
          restored.start();
          expect((restored.getSnapshot() as { status: string }).status).not.toBe('error');
          restored.stop();
        }),
        { numRuns: 300 },
      );
    });
});
