// Old-versus-new equivalence of the SZSESSION size cuts (issue 33): `refreshWaitOf` before the cut
// (ea5561b), copied, against the shipped one.
import fc from 'fast-check';
import { clampDelay, DEFAULT_TIMEOUT_MS } from 'pam-client/internal';
import { describe, expect, it } from 'vitest';
import { refreshWaitOf } from '../../machines/client/session-facade';

function oldRefreshWaitOf(timeout: number | undefined): number {
  if (timeout === undefined || Number.isNaN(timeout) || timeout <= 0) return DEFAULT_TIMEOUT_MS;
  return clampDelay(timeout);
}

describe('szsession cuts: the same answers as before', () => {
  it('refreshWaitOf', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer(),
          fc.constantFrom(undefined, null, 0, -0, Infinity, -Infinity, NaN),
        ),
        (timeout) => {
          expect(refreshWaitOf(timeout as number | undefined)).toBe(oldRefreshWaitOf(timeout as number));
        },
      ),
    );
  });
});
