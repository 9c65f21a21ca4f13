// The login answer's own token, scrubbed from the rest of its answer (review 7 H3), at the cost of
// an answer that does not echo it: every login answer holds the token in its own fields
// (`access_token`, and `user.token` as the spec writes it), and the walk saw them: each login
// built the token's expressions (every echo form of every character: ~6 ms per sign-in, the
// sign-in pair's bench ratio 0.80 -> 0.17). The walk now skips the fields that keep the token:
// an answer that holds it only there builds no expression. Counted (RegExps built), never timed.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN, REFRESH_TOKEN } from '../../src/auth/operations';
import { countRegExpBuilds } from '../support/regexp-builds';

/** Counts the RegExps built while `run` runs. */
async function regexpsBuiltBy(run: () => Promise<unknown>): Promise<number> {
  const seen = countRegExpBuilds();
  try {
    await run();
  } finally {
    vi.unstubAllGlobals();
  }
  return seen.count;
}

const token = fc.stringMatching(/^[A-Za-z0-9|._-]{16,200}$/);
const answerOf = (t: string, refresh?: string) => ({
  access_token: t,
  token_type: 'Bearer',
  expires_in: 3600,
  ...(refresh ? { refresh_token: refresh } : {}),
  user: { id: 1, name: 'Maria Silva', username: 'maria', email: 'maria@example.com', token: t },
  userInfo: {
    validate_email_at: null,
    login_at: '2026-11-23 10:00:00',
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
  },
});

describe('a login answer that holds its token only in its own fields', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read without building the token’s expressions (and still validates)', async () => {
    await fc.assert(
      fc.asyncProperty(token, fc.option(token, { nil: undefined }), async (t, refresh) => {
        let result: unknown;
        const built = await regexpsBuiltBy(async () => {
          result = LOGIN.response.safeParse(answerOf(t, refresh));
        });
        expect(built).toBe(0);
        expect((result as { data?: { access_token?: string } }).data?.access_token).toBe(t);
      }),
      { numRuns: 40 },
    );
  });

  it('an echo elsewhere is still scrubbed (the walk runs where it must)', async () => {
    const t = 'tok_0123456789abcdefXYZ';
    const echoed = { ...answerOf(t), user: { ...answerOf(t).user, username: t } };
    const result = LOGIN.response.safeParse(echoed) as {
      data?: { access_token: string; user: { username: string; token: string } };
    };
    expect(result.data?.user.username).toBe('[redacted]');
    expect(result.data?.user.token).toBe(t);
    expect(result.data?.access_token).toBe(t);
  });

  it('a refresh answer with its token only in its own field builds nothing either', async () => {
    const t = 'tok_0123456789abcdefXYZ';
    const built = await regexpsBuiltBy(() =>
      Promise.resolve(
        REFRESH_TOKEN.response.safeParse({
          access_token: t,
          token_type: 'bearer',
          expires_in: 3600,
        }),
      ),
    );
    expect(built).toBe(0);
  });
});
