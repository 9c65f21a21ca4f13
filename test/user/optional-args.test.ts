import { describe, expect, it } from 'vitest';
import { createAuthModule, getLoginHistory, isPamError, RequestValidationError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  const error = await run().then(
    () => 'resolved',
    (e: unknown) => e,
  );
  expect(ctx.server.requests).toEqual([]);
  return error;
}

describe('optional arguments: only a missing one takes the default', () => {
  const pages: unknown[] = [null, Number.NaN, Number.POSITIVE_INFINITY, '1', '', true, {}, [1], 0, -1, 2.5];
  for (const page of pages) {
    it(`getLoginHistory(${typeof page === 'number' ? String(page) : JSON.stringify(page)}) is refused before sending`, async () => {
      const { user, http } = signedIn(ctx.server);
      const fromModule = await refusal(() => user.getLoginHistory(page as Loose));
      expect(fromModule).toBeInstanceOf(RequestValidationError);
      expect((fromModule as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['page']);
      const standalone = await refusal(() => getLoginHistory(http, page as Loose));
      expect(standalone).toBeInstanceOf(RequestValidationError);
    });
  }

  it('getLoginHistory() and getLoginHistory(undefined) still mean page 1', async () => {
    const { user } = signedIn(ctx.server);
    await user.getLoginHistory();
    await user.getLoginHistory(undefined);
    expect(ctx.server.requests.map((r) => r.url)).toEqual([
      '/bff/users/login-history?page=1',
      '/bff/users/login-history?page=1',
    ]);
  });

  const badSignals: unknown[] = ['abort', 1, {}, { aborted: false }];
  for (const signal of badSignals) {
    it(`a signal that is not an AbortSignal (${JSON.stringify(signal)}) is refused before sending`, async () => {
      const { user } = signedIn(ctx.server);
      const error = await refusal(() => user.getLoginHistory(1, { signal: signal as Loose }));
      expect(isPamError(error) && error.code).toBe('invalid_request');
      expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['signal']);
    });
  }

  for (const accessToken of [null, '', 42, {}]) {
    it(`logout({ accessToken: ${JSON.stringify(accessToken)} }) is refused, not sent without a token`, async () => {
      const { http } = signedIn(ctx.server);
      const error = await refusal(() => createAuthModule(http).logout({ accessToken: accessToken as Loose }));
      expect(isPamError(error) && error.code).toBe('invalid_request');
      expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['accessToken']);
    });
  }
});
