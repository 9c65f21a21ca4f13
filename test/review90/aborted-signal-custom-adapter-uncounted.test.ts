// Severity: LOW (step-up count bypassed through a custom adapter).
// src/user/step-up-attempts.ts: "An attempt is RESERVED before a password is sent"; docs/errors.md
// (`step_up_locked`): after STEP_UP_MAX_ATTEMPTS wrong passwords the client refuses further ones.
// docs/contract.md's HttpAdapter contract does not require an adapter to refuse a call whose signal
// is already aborted (RequestOptions.signal is only `signal?: AbortSignal`).
// What happens: review 89 skips the reservation whenever the signal is already aborted, assuming
// "the adapter refuses it, nothing sent" (src/user/sensitive.ts `sendCounted`). A custom adapter
// that does not look at the signal (one over XHR/axios/a queue) sends the password anyway, and its
// answer (`success: false`, a wrong password) is never counted: any number of guesses go through
// `checkPassword` unlocked, each tagged with an aborted signal.
import { describe, expect, it } from 'vitest';
import { createUserModule } from '../../src/user/index';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';

describe('a password sent with an already-aborted signal by an adapter that sends it', () => {
  it('is counted (the lock holds after STEP_UP_MAX_ATTEMPTS wrong ones)', async () => {
    const sent: unknown[] = [];
    const http = {
      get: async () => ({}),
      delete: async () => ({}),
      patch: async () => ({}),
      // Sends whatever it is given (ignores the signal), the server says: wrong password.
      post: async (_path: string, body: unknown) => {
        sent.push(body);
        return { success: false };
      },
    };
    const user = createUserModule(http as never);
    const aborted = AbortSignal.abort();
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS + 2; i++)
      await user.checkPassword({ password: `guess-${i}` }, { signal: aborted }).catch(() => undefined);
    expect(sent.length).toBeGreaterThan(0); // the passwords did leave
    expect(stepUpAttemptsOf(http).left()).toBe(0);
  });
});
