import type { UserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { userCalls } from '../machines/funnel/user-calls';

// The funnel's step-up events name each sensitive change (updateProfile: profile, updateEmail:
// email, addPhone: phone, updateAddress: address, updateLimits: limits, setTimeoutLimits: pause,
// setSelfExclusion: selfExclusion), its prompt reached through the change's own options argument
// (updateProfile's third, the others' second).

const CHANGES = [
  ['updateProfile', 2, 'profile'],
  ['updateEmail', 1, 'email'],
  ['addPhone', 1, 'phone'],
  ['updateAddress', 1, 'address'],
  ['updateLimits', 1, 'limits'],
  ['setTimeoutLimits', 1, 'pause'],
  ['setSelfExclusion', 1, 'selfExclusion'],
] as const;

describe('funnel: the step-up of each sensitive change', () => {
  it.each(CHANGES)('%s asks through its options argument %i and is told as %s', async (name, at, change) => {
    const told: Record<string, unknown>[] = [];
    const calls = userCalls({
      emit: (e) => told.push(e),
      now: () => 0,
      nextRun: (() => {
        let n = 0;
        return () => ++n;
      })(),
      prompt: async () => 'password',
    });
    // The change asks for the password once, through the options it was given, then succeeds.
    const method = async (...args: unknown[]) => {
      const options = args[at] as { onStepUp?: (e: unknown) => Promise<unknown> } | undefined;
      return { asked: await options?.onStepUp?.(new Error('step_up_required')) };
    };
    const user = calls.wrap({ [name]: method } as unknown as UserModule);
    const args: unknown[] = name === 'updateProfile' ? [1, {}] : [{}];
    await expect((user[name] as (...a: unknown[]) => Promise<unknown>)(...args)).resolves.toEqual({
      asked: 'password',
    });
    expect(told.filter((e) => String(e.type).startsWith('stepUp.'))).toEqual([
      expect.objectContaining({ type: 'stepUp.started', change }),
      expect.objectContaining({ type: 'stepUp.completed', change }),
    ]);
  });
});
