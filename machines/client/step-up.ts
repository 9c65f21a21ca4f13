// The client-level step-up prompt: every sensitive change sent without its own `onStepUp` asks
// the one the app gave `createPamClient({ onStepUp })` (the core limits the attempts per player).
// The count is shared by the tabs of an origin through `localStorage` (issue 26: attempts are
// reserved there before a password is sent), in memory where there is none.

import type { SensitiveCallOptions, StorageLike, UserModule } from 'pam-client';
import { storeKey } from '../session/store-key';
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

/** The step-up counts kept in memory, per token store (`storeKey`). */
const memories = new WeakMap<object, StorageLike>();

/**
 * Where the tabs of an origin share the step-up count: `localStorage`, looked up at each use
 * (never at import or when a client is created: SSR-safe). Where there is none (or a sandboxed
 * frame throws on access), a memory one per token store (`store()`: the session's), so a client
 * made again on the same store (a remount, a hot reload) keeps the player's count (review 135: it
 * counted per client, three more passwords past the lock); no store yet: none (the core counts in
 * memory, this client).
 */
export const stepUpStorageOf = (store: () => object | undefined) => (): StorageLike | undefined => {
  try {
    const local = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (local) return local;
  } catch {
    // a sandboxed frame: memory
  }
  const s = store();
  if (!s) return undefined;
  const key = storeKey(s);
  const kept = new Map<string, string>();
  const memory = memories.get(key) ?? {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, String(v)),
    removeItem: (k: string) => void kept.delete(k),
  };
  memories.set(key, memory);
  return memory;
};
