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

// Fifty-third pass (after review 92): a call with a password whose signal is already aborted is
// refused by the user module itself, `aborted`, never handed to the adapter: no password leaves
// uncounted, and none is held pending (review 89's lock-out). The test now checks that.
describe('a password sent with an already-aborted signal by an adapter that sends it', () => {
  it('never leaves uncounted: refused `aborted` before the adapter, nothing sent, nothing counted', async () => {
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
    const codes: unknown[] = [];
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS + 2; i++)
      codes.push(
        await user.checkPassword({ password: `guess-${i}` }, { signal: aborted }).then(
          () => 'resolved',
          (e: { code?: unknown }) => e.code,
        ),
      );
    expect(codes).toEqual(Array(STEP_UP_MAX_ATTEMPTS + 2).fill('aborted'));
    expect(sent).toEqual([]);
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
  });
});
