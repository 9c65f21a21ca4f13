// A call refused before sending (a RequestValidationError, the reference server hearing nothing).

import type { RecordedRequest } from 'pam-client/testing';
import { expect } from 'vitest';
import { RequestValidationError } from '../../src/index';

/**
 * Expects `call` to fail with a RequestValidationError and `server` to have heard no request;
 * resolves to the paths its issues name (`a.b`), for the caller to check.
 */
export async function refusedPaths(call: Promise<unknown>, server: { requests: RecordedRequest[] }) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(server.requests).toEqual([]);
  return (error as RequestValidationError).issues.map((i) => i.path.join('.'));
}
