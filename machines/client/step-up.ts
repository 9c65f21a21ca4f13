// The client-level step-up prompt: every sensitive change sent without its own `onStepUp` asks
// the one the app gave `createPamClient({ onStepUp })` (the core limits the attempts per player).
// The count is shared by the tabs of an origin through `localStorage` (issue 26: attempts are
// reserved there before a password is sent), in memory where there is none.

import type { SensitiveCallOptions, StorageLike, UserModule } from 'pam-client';
import { wrapCalls } from './outcome';

/** The prompt: the player's password (a string or `Secret`), or null when they cancel. */
export type StepUpPrompt = NonNullable<SensitiveCallOptions['onStepUp']>;

/** The sensitive changes: their options come last (where: `userOptionsAt`). */
export const SENSITIVE = [
  'updateProfile',
  'updateEmail',
  'addPhone',
  'updateAddress',
  'updateLimits',
  'setTimeoutLimits',
  'setSelfExclusion',
] as const satisfies readonly (keyof UserModule)[];

/** `user` with `onStepUp` given to each sensitive change that has none of its own (a call's `null`: none, asks nobody). */
export function withStepUp(user: UserModule, onStepUp: StepUpPrompt | undefined): UserModule {
  if (!onStepUp) return user;
  // (`wrapCalls` hands each layer its own plain copy of the options: set in place.)
  return wrapCalls(user, SENSITIVE, (original, _, at) => (...args) => {
    const options = args[at] as SensitiveCallOptions;
    if (options.onStepUp === undefined) options.onStepUp = onStepUp;
    return original(...args);
  });
}

/**
 * Where the tabs of an origin share the step-up count: `localStorage`, looked up at each use
 * (never at import or when a client is created: SSR-safe); none (the core counts in memory, this
 * tab) where there is none. A sandboxed frame that throws on access counts in memory too.
 */
export const stepUpStorage = (): StorageLike | undefined =>
  (globalThis as { localStorage?: StorageLike }).localStorage;
