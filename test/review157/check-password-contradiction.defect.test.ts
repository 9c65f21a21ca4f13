import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

// Review 157 (A): checkPassword's 200 that says `success: true` beside a failure (an `error`, a
// JSend `status: "fail"`, an envelope's `data.success: false`) resolves `{ success: true }`: the
// app is told the password is right (and the step-up count reads it as a right one) when the
// server said it failed. The write-envelope rule (operation.ts `unconfirmed`) already reads these
// forms for writes and checked answers; a password check is neither, so it is skipped. A
// contradicting answer must be `invalid_response`, never a right password.

const ctx = useReferenceServer();

const contradictions: [string, unknown][] = [
  ['an `error` beside it', { success: true, error: 'The password is incorrect.' }],
  ['`errors` beside it', { success: true, errors: { password: ['The password is incorrect.'] } }],
  ['a JSend `status: "fail"`', { success: true, status: 'fail' }],
  ['an envelope `data.success: false`', { success: true, data: { success: false } }],
];

describe('checkPassword: a "right" answer that also says it failed', () => {
  for (const [name, body] of contradictions)
    it(`{ success: true } with ${name}: invalid_response, never { success: true }`, async () => {
      const { user } = signedIn(ctx.server);
      ctx.server.faults.add({
        method: 'POST',
        path: '/bff/users/check-password',
        status: 200,
        body: body as never,
        times: 1,
      });
      const result = await user.checkPassword({ password: 'not-the-password' }).then(
        (v) => JSON.stringify(v),
        (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
      );
      expect(result).toBe('invalid_response');
    });
});
