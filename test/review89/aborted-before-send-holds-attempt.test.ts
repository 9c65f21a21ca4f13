// Severity: LOW.
//
// Docs promise (docs/errors.md, `step_up_locked`): "with `pending: true`, every attempt left is a
// password SENT whose answer is not known (on its way, its page closed or reloaded, aborted, a
// network error, a timeout)"; src/user/step-up-attempts.ts: "An attempt is RESERVED before a
// password is sent ... no answer (...: the password may have reached the server) leaves it
// PENDING". Under createPamClient, docs/errors.md `aborted`: "a `client.user` call whose `signal`
// was aborted before it began (refused before any step-up attempt is reserved)".
//
// What happens: with the user module itself (createUserModule over createOfetchAdapter), a change
// carrying `password_check` whose signal is already aborted is refused by the adapter before any
// request leaves (the server sees nothing), yet sendCounted reserved an attempt first and settles
// the `aborted` as "no answer": the attempt stays pending for STEP_UP_PENDING_MS. Three such calls
// (a form unmounted as it submits, a double-click guard aborting the previous call) and the
// player's RIGHT password is refused (`step_up_locked`, `pending: true`) though no password ever
// reached the server.

import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { withPasswordCheck } from '../../src/user/sensitive';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
  );

describe('a change aborted before it left takes no step-up attempt', () => {
  it.each(['updateEmail', 'checkPassword', 'changePassword'] as const)('%s', async (name) => {
    const { user, http } = signedIn(ctx.server);
    const aborted = AbortSignal.abort();
    const right = ctx.server.seed.plain.password;
    const call = (password: string, signal?: AbortSignal) =>
      name === 'updateEmail'
        ? user.updateEmail(withPasswordCheck({ email: 'ana.nova@example.com' }, password), { signal })
        : name === 'checkPassword'
          ? user.checkPassword({ password }, { signal })
          : user.changePassword(
              ctx.server.seed.plain.id,
              { old_password: password, password: 'n3w-Passw0rd!', password_confirmation: 'n3w-Passw0rd!' },
              { signal },
            );
    const codes: string[] = [];
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++) codes.push(await code(call(`typed-${i}`, aborted)));
    expect(codes).toEqual(Array(STEP_UP_MAX_ATTEMPTS).fill('aborted'));
    expect(ctx.server.requests.length).toBe(0); // nothing left the client
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
    expect(await code(call(right))).toBe('resolved');
  });
});
