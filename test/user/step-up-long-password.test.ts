import { RequestValidationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../src/schemas/common';
import { signedIn, useReferenceServer } from '../support/server';

// REVIEW-S S-10: the step-up prompt's password (onStepUp's answer, sent as password_check) is
// checked as any payload's: over PASSWORD_MAX characters it is refused, nothing more is sent.

const ctx = useReferenceServer();
const sent = () => ctx.server.requests.filter((r) => r.path === '/bff/users/self-email').length;

describe('step-up password length', () => {
  it('an over-long onStepUp answer is a RequestValidationError naming password_check; only the first attempt went out', async () => {
    const { user } = signedIn(ctx.server);
    const long = 'x'.repeat(PASSWORD_MAX + 1);
    const e = await user
      .updateEmail({ email: 'ana.nova@example.com' }, { onStepUp: async () => long })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RequestValidationError);
    expect((e as RequestValidationError).issues).toContainEqual({
      path: ['password_check'],
      code: 'too_big',
      message: `must not be longer than ${PASSWORD_MAX} characters`,
    });
    expect(JSON.stringify(e)).not.toContain('x'.repeat(64));
    expect(sent()).toBe(1);
  });
});
