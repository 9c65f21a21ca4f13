import fc from 'fast-check';
import {
  AbortedError,
  ConfigurationError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  StepUpLockedError,
  TimeoutError,
  type UserModule,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { withProfileRecheck } from '../../machines/client/session-facade';

// Review 7, M1: which failures of a pause or self-exclusion request bar betting at once (told to the
// session as an accepted restriction) and which do not. Property over generated errors: it bars
// unless the error is a refusal, a 4xx answer (REVIEW-N 1: a 3xx is not one) or an error raised before anything was sent
// (`invalid_request`, `step_up_locked`, `configuration`). A limit change bars nothing either way.

const P = '/bff/users/timeout-limits';
const error = fc.oneof(
  fc.integer({ min: 300, max: 599 }).map((status) => ({
    error: new HttpError({ status, method: 'PATCH', path: P }) as unknown,
    refusal: status < 500 && status >= 400, // a 3xx says nothing of the change (REVIEW-N 1)
  })),
  fc.constantFrom(
    { error: new TimeoutError('PATCH', P, 1000) as unknown, refusal: false },
    { error: new NetworkError('PATCH', P), refusal: false },
    { error: new AbortedError('PATCH', P), refusal: false },
    { error: new ResponseValidationError('setTimeoutLimits', []), refusal: false },
    { error: new TypeError('fetch failed'), refusal: false },
    { error: new RequestValidationError('setTimeoutLimits', []), refusal: true },
    { error: new StepUpLockedError(0), refusal: true },
    { error: new ConfigurationError('no baseURL'), refusal: true },
  ),
);

describe('a failed restricting request bars unless it was refused (review 7, M1)', () => {
  it.each([
    ['setTimeoutLimits', 'pause'],
    ['setSelfExclusion', 'selfExclusion'],
    ['updateLimits', null],
  ] as const)('%s', async (operation, restricts) => {
    await fc.assert(
      fc.asyncProperty(error, async ({ error: e, refusal }) => {
        const sent: { type: string; restricts?: unknown }[] = [];
        const session = { getSnapshot: () => ({ context: {} }), send: (ev: never) => sent.push(ev) };
        const user = {
          [operation]: () => Promise.reject(e),
        } as unknown as UserModule;
        const wrapped = withProfileRecheck(user, () => session as never);
        await expect((wrapped[operation] as (p: object) => Promise<unknown>)({})).rejects.toBe(e);
        expect(sent.map((x) => [x.type, x.restricts])).toEqual(
          restricts && !refusal ? [['PROFILE_CHANGED', restricts]] : [],
        );
      }),
      { numRuns: 120 },
    );
  });
});
