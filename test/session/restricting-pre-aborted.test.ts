import { AbortedError, type UserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { mayHaveApplied } from '../../machines/client/outcome';
import { withProfileRecheck } from '../../machines/client/session-facade';

// Review 8, item 1: a pause or self-exclusion called with a signal already aborted sends nothing
// (the adapter refuses before sending), so it bars nothing: no PROFILE_CHANGED, hence no kept
// record in any tab. A signal aborted after the call began may hide an applied change: it bars.

const P = '/bff/users/timeout-limits';

function recheck(
  operation: 'setTimeoutLimits' | 'setSelfExclusion',
  run: (signal: AbortSignal) => Promise<never>,
) {
  const told: { type: string; restricts?: unknown }[] = [];
  const session = { getSnapshot: () => ({ context: {} }), send: (ev: never) => told.push(ev) };
  const user = {
    [operation]: (_payload: object, options?: { signal?: AbortSignal }) => run(options!.signal!),
  } as unknown as UserModule;
  const wrapped = withProfileRecheck(user, () => session as never);
  const call = wrapped[operation] as (p: object, o: { signal: AbortSignal }) => Promise<unknown>;
  return { told, call };
}

describe('an abort before the call bars nothing; an abort in flight bars (review 8, item 1)', () => {
  it.each(['setTimeoutLimits', 'setSelfExclusion'] as const)(
    '%s with a signal aborted before the call: nothing told',
    async (operation) => {
      const { told, call } = recheck(operation, () => Promise.reject(new AbortedError('PATCH', P)));
      await expect(call({}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
      expect(told).toEqual([]);
    },
  );

  it.each([
    ['setTimeoutLimits', 'pause'],
    ['setSelfExclusion', 'selfExclusion'],
  ] as const)('%s aborted after the call began: barred', async (operation, restricts) => {
    const controller = new AbortController();
    const { told, call } = recheck(operation, async () => {
      controller.abort(); // while the request is out
      throw new AbortedError('PATCH', P);
    });
    await expect(call({}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(told.map((x) => [x.type, x.restricts])).toEqual([['PROFILE_CHANGED', restricts]]);
  });

  it('mayHaveApplied: an abort is unknown only once sent', () => {
    const e = new AbortedError('PATCH', P);
    expect(mayHaveApplied(e)).toBe(true);
    expect(mayHaveApplied(e, false)).toBe(false);
  });
});
