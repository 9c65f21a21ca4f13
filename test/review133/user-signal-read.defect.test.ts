// Review 133 (LOW, defect): options whose `signal` cannot be read (a getter or a Proxy trap that
// throws) are `invalid_request` for every call (operation.ts `send`: "Every read of the caller's
// arguments: a getter or a Proxy trap that throws is `invalid_request`"), EXCEPT the user-module
// calls that carry a password (password_check, old_password, checkPassword's password): those throw
// `unexpected` (UnexpectedError). The same options, two codes, by whether a password rides along.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { throwingProxy } from './arbitraries';
import { modsOf, PW, verdict } from './support';

const ctx = useReferenceServer();
const badSignal = () => ({ signal: throwingProxy() as unknown as AbortSignal });

describe('review 133: an unreadable signal is invalid_request, password or not (defect)', () => {
  it.each([
    [
      'updateEmail with password_check',
      (u: ReturnType<typeof modsOf>['user']) =>
        u.updateEmail({ email: 'a@example.com', password_check: PW }, badSignal()),
    ],
    [
      'updateLimits with password_check',
      (u: ReturnType<typeof modsOf>['user']) =>
        u.updateLimits({ user_limit_loss: 10, password_check: PW }, badSignal()),
    ],
    [
      'setSelfExclusion with password_check',
      (u: ReturnType<typeof modsOf>['user']) =>
        u.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: PW }, badSignal()),
    ],
    [
      'checkPassword',
      (u: ReturnType<typeof modsOf>['user']) => u.checkPassword({ password: PW }, badSignal()),
    ],
  ])('%s: invalid_request, nothing sent (as without a password)', async (_n, call) => {
    const { user } = modsOf(ctx);
    // The same call without a password is refused so (held): the contrast this test is about.
    const without = await verdict(ctx, () => user.updateEmail({ email: 'a@example.com' }, badSignal()));
    expect([without, await verdict(ctx, () => call(user))]).toEqual([
      'invalid_request/0',
      'invalid_request/0',
    ]);
  });
});
