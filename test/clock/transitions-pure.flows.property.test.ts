// Issue 32.3, the tripwire for the flows beside the session: the login, the income report and play
// time read no clock (nor the random source) while a transition is computed; the harness and its
// two properties are transitions-pure.harness.ts's (the refresh cycle, the session and the server
// session are in transitions-pure.property.test.ts).

import fc from 'fast-check';
import { HttpError, type IncomeReportData, NetworkError } from 'pam-client';
import { describe } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { loginMachine } from '../../machines/loginMachine';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine } from '../../machines/playTimeMachine';
import { type Clock, fire, properties, type Step } from './transitions-pure.harness';

const busy = (status: number, retryAfter?: number) =>
  new HttpError({ status, method: 'POST', path: '/auth/login', body: null, retryAfter } as never);

/** An actor's answer or failure, when the machine is in `state` (else nothing to send). */
const answer =
  (state: string, type: string, id: string, value: unknown): Step =>
  (s: AnyMachineSnapshot) =>
    s.matches(state)
      ? ({
          type: `xstate.${type}.actor.${id}`,
          [type === 'done' ? 'output' : 'error']: value,
        } as AnyEventObject)
      : null;

// --- the login ---------------------------------------------------------------------------------

const loginSteps = () =>
  fc.array(
    fc.oneof(
      fc.constant<Step>({ type: 'SUBMIT', login: 'p@example.com', password: 'x' }),
      fc.constant<Step>({ type: 'SUBMIT_CODE', code: '123456' }),
      fc.constant<Step>({ type: 'RESET' }),
      fc.constant(answer('submitting', 'done', 'submitLogin', { type: 'two_factor_code' })),
      fc.integer({ min: 0, max: 120 }).map((s) => answer('submitting', 'error', 'submitLogin', busy(429, s))),
      fc.constant(answer('verifyingTwoFactor', 'done', 'submitCode', { type: 'two_factor_code' })),
      fc
        .tuple(fc.constantFrom(422, 429, 503), fc.integer({ min: 1, max: 120 }))
        .map(([status, s]) => answer('verifyingTwoFactor', 'error', 'submitCode', busy(status, s))),
    ),
    { maxLength: 20 },
  );

// --- the income report -------------------------------------------------------------------------

const report = (status: number): IncomeReportData => ({ id: 9, status }) as never;
const quiet = {
  visibility: { isHidden: () => false, onChange: () => () => {} },
  focus: { onFocus: () => () => {} },
  online: { isOnline: () => true, onChange: () => () => {} },
};

const reportSteps = () =>
  fc.array(
    fc.oneof(
      fc.constant(answer('loadingYears', 'done', 'loadYears', { years: [2025] })),
      fc.constant<Step>({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' }),
      fc.constantFrom(1, 2, 3, 4).map((st) => answer('generating', 'done', 'generateReport', report(st))),
      fc
        .constantFrom(1, 2, 3)
        .map((st) => answer({ polling: 'fetching' } as never, 'done', 'pollStatus', report(st))),
      fc.constant(
        answer({ polling: 'fetching' } as never, 'error', 'pollStatus', new NetworkError('GET', 'status')),
      ),
      fc.constant<Step>({ type: 'RETRY' }),
      fc.constant<Step>({ type: 'RESET' }),
      fc.constant<Step>({ type: 'CANCEL' }),
      fc.constant(fire),
    ),
    { maxLength: 20 },
  );

// --- play time ---------------------------------------------------------------------------------

const limit = { active: true, amount: 60, period: 'daily' };

const playSteps = () =>
  fc.array(
    fc.oneof(
      fc.constant<Step>({ type: 'BEAT' }),
      fc.constant<Step>({ type: 'LIMIT', limit: null }),
      fc
        .integer({ min: 1, max: 90 })
        .map((amount) => ({ type: 'LIMIT', limit: { ...limit, amount } }) as Step),
      fc.constant(fire),
    ),
    { maxLength: 20 },
  );

const subjects = [
  {
    name: 'the login (loginMachine)',
    machine: loginMachine as AnyStateMachine,
    input: (c: Clock) => ({ auth: {} as never, now: c.now }),
    steps: loginSteps,
  },
  {
    name: 'the income report (incomeReportMachine)',
    machine: incomeReportMachine as AnyStateMachine,
    input: (c: Clock) => ({ user: {} as never, now: c.now, random: c.random, environment: quiet }),
    steps: reportSteps,
  },
  {
    name: 'play time (playTimeMachine)',
    machine: playTimeMachine as AnyStateMachine,
    input: (c: Clock) => ({
      limit,
      store: createMemoryPlayClock(),
      now: c.now,
      serverNow: c.serverNow,
      monotonic: c.monotonic,
    }),
    steps: playSteps,
  },
];

describe('time arrives on events: no flow transition reads a clock (issue 32.3)', () => properties(subjects));
