// An `onStepUp` prompt that throws or rejects (the app's dialog fails, its message quoting what
// was typed) ends the change with the core's `UnexpectedError` (docs/errors.md: a callback that
// threw; the foreign message never kept, `cause` only its class name), nothing more sent (review
// rj10 LOW-1). A PamError it throws stays as it is.

import { describe, expect, it } from 'vitest';
import {
  createOfetchAdapter,
  type HttpAdapter,
  isPamError,
  StepUpRequiredError,
  setTimeoutLimits,
  UnexpectedError,
} from '../../src/index';
import { CANARY, everythingAbout, leakedCanaries } from '../support/canary';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

function http(): HttpAdapter {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
}

/** The server asks for the password on the next call of the timeout limits. */
function requirePasswordCheck() {
  ctx.server.faults.add({
    method: 'PATCH',
    path: '/bff/users/timeout-limits',
    status: 422,
    body: {
      message: 'Confirm your password.',
      code: 'password_check_required',
      errors: { password_check: ['The password is required.'] },
    },
    times: 1,
  });
}

const change = (onStepUp: unknown) =>
  setTimeoutLimits(http(), { user_pause: 5, reason: 1 }, { onStepUp } as never).then(
    () => undefined,
    (e: unknown) => e,
  );

describe('sensitive changes: an onStepUp prompt that fails', () => {
  for (const [name, onStepUp, cls] of [
    [
      'throws',
      () => {
        throw new Error(`prompt failed for input ${CANARY.password}`);
      },
      'Error',
    ],
    ['rejects', async () => Promise.reject(new TypeError(`bad ${CANARY.password}`)), 'TypeError'],
    ['rejects with a string', async () => Promise.reject(`typed: ${CANARY.password}`), 'string'],
    ['is no function', `not a function ${CANARY.password}`, 'TypeError'],
  ] as const) {
    it(`${name}: an UnexpectedError naming only the class, nothing more sent`, async () => {
      requirePasswordCheck();
      const error = await change(onStepUp);
      expect(error).toBeInstanceOf(UnexpectedError);
      expect(isPamError(error) && error.code).toBe('unexpected');
      expect((error as Error).message).toBe(`Unexpected failure (${cls})`);
      expect(((error as Error).cause as Error).message).toBe(cls);
      expect(leakedCanaries(everythingAbout(error))).toEqual([]);
      expect(ctx.server.requests).toHaveLength(1);
    });
  }

  it('a PamError it throws (the one it was given) stays as it is', async () => {
    requirePasswordCheck();
    const error = await change((e: unknown) => Promise.reject(e));
    expect(error).toBeInstanceOf(StepUpRequiredError);
    expect(ctx.server.requests).toHaveLength(1);
  });
});
