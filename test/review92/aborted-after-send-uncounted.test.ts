// Severity: LOW (step-up count bypassed through an adapter that sends, then reports the abort).
// src/user/sensitive.ts `sendCounted` (review 90): "A call already aborted: its attempt is let go
// when it is refused `aborted` (nothing sent ...), counted by its answer when an adapter that
// ignores the signal sends it all the same"; src/user/step-up-attempts.ts: "No answer: the password
// may have reached the server; it stays pending until it expires" (`aborted` is in NO_ANSWER).
// What happens: `early && thrown[1] === 'aborted'` settles the attempt as `wrong: false` (let go,
// nothing counted, nothing held) assuming an `aborted` refusal means nothing was sent. An adapter
// that sends first and looks at the signal only after (an XHR/queue adapter: `xhr.send()`, then
// `if (signal.aborted) throw new AbortedError(...)`) has put the password on the wire, yet the
// attempt is released: any number of guesses go through `checkPassword`, never held, never locked.
// The fix of review 90 only moved the bypass from "ignores the signal" to "reports it late".
import { AbortedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createUserModule } from '../../src/user/index';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';

describe('a password sent with an already-aborted signal, the abort reported after sending', () => {
  it('is held (no answer known), so no more than STEP_UP_MAX_ATTEMPTS guesses leave', async () => {
    const sent: unknown[] = [];
    const http = {
      get: async () => ({}),
      delete: async () => ({}),
      patch: async () => ({}),
      // Sends, then notices the signal (the server saw the password; its answer is dropped).
      post: async (path: string, body: unknown, options?: { signal?: AbortSignal }) => {
        sent.push(body);
        if (options?.signal?.aborted) throw new AbortedError('POST', path);
        return { success: false };
      },
    };
    const user = createUserModule(http as never);
    const aborted = AbortSignal.abort();
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS + 5; i++)
      await user.checkPassword({ password: `guess-${i}` }, { signal: aborted }).catch(() => undefined);
    // Each one may have reached the server: held as pending, so the count caps what leaves.
    expect(sent.length).toBeLessThanOrEqual(STEP_UP_MAX_ATTEMPTS);
  });
});
