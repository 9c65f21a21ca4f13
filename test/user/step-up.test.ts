import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createOfetchAdapter,
  createUserModule,
  getUserProfile,
  type HttpAdapter,
  StepUpRequiredError,
  secret,
  setTimeoutLimits,
  updateEmail,
} from '../../src/index';
import { withPasswordCheck } from '../../src/user/sensitive';
import { CANARY, everythingAbout, leakedCanaries } from '../support/canary';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;

/** The seed user's adapter: the real one, which maps a 422 `password_check_*` to StepUpRequiredError. */
function http(): HttpAdapter {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
}

/** The server asks for the password on the next `times` calls to `path`. */
function requirePasswordCheck(path: string, times = 1) {
  ctx.server.faults.add({
    method: 'PATCH',
    path,
    status: 422,
    body: {
      message: 'Confirm your password.',
      code: 'password_check_required',
      errors: { password_check: ['The password is required.'] },
    },
    times,
  });
}

const bodies = () => ctx.server.requests.map((r) => r.body);

describe('sensitive changes: password_check as a Secret', () => {
  it('reveals a Secret password_check only into the request body', async () => {
    const password = secret(ctx.server.seed.plain.password);
    const payload = { email: 'ana.secret@example.com', password_check: password };
    await updateEmail(http(), payload);
    expect(bodies()).toEqual([
      { email: 'ana.secret@example.com', password_check: ctx.server.seed.plain.password },
    ]);
    // The caller's payload still holds the Secret, not the text.
    expect(payload.password_check).toBe(password);
    expect(JSON.stringify(payload)).not.toContain(ctx.server.seed.plain.password);
  });

  it('keeps a wrong Secret out of the error the server answers', async () => {
    const error: Loose = await createUserModule(http())
      .updateEmail({ email: 'ana.other@example.com', password_check: secret(CANARY.password) })
      .catch((e): Loose => e);
    expect(error).toMatchObject({ status: 422 });
    expect(leakedCanaries(everythingAbout(error))).toEqual([]);
  });
});

describe('sensitive changes: onStepUp sends the same change once more with the password', () => {
  it('asks once and sends the change again with password_check', async () => {
    requirePasswordCheck('/bff/users/timeout-limits');
    const asked: unknown[] = [];
    const result = await setTimeoutLimits(
      http(),
      { user_pause: 5, reason: 1 },
      {
        onStepUp: async (error) => {
          asked.push([error.code, error.reason]);
          return secret(ctx.server.seed.plain.password);
        },
      },
    );
    expect(result).toBeDefined();
    expect(asked).toEqual([['step_up_required', 'required']]);
    expect(bodies()).toEqual([
      { user_pause: 5, reason: 1 },
      { user_pause: 5, reason: 1, password_check: ctx.server.seed.plain.password },
    ]);
  });

  it('throws the original error and sends nothing more when onStepUp gives up', async () => {
    requirePasswordCheck('/bff/users/timeout-limits');
    const error: Loose = await setTimeoutLimits(
      http(),
      { user_pause: 5, reason: 1 },
      { onStepUp: async () => null },
    ).catch((e): Loose => e);
    expect(error.code).toBe('step_up_required');
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('asks again after a wrong password (attempts left); giving up ends with the server’s refusal, never leaked', async () => {
    // The newest fault answers first: "required", then "invalid" for the password sent.
    ctx.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/update-limits',
      status: 422,
      body: {
        message: 'The password is incorrect.',
        code: 'password_check_invalid',
        errors: { password_check: ['The password is incorrect.'] },
        echo: { password_check: CANARY.password },
      },
      times: 1,
    });
    requirePasswordCheck('/bff/users/update-limits');
    let asks = 0;
    const error: Loose = await createUserModule(http())
      .updateLimits(
        { user_limit_deposit: 9000 },
        {
          // The second prompt (reason 'invalid') gives up.
          onStepUp: async () => (++asks === 1 ? CANARY.password : null),
        },
      )
      .catch((e): Loose => e);
    expect(asks).toBe(2);
    expect(error).toBeInstanceOf(StepUpRequiredError);
    expect(error.reason).toBe('invalid');
    expect(ctx.server.requests).toHaveLength(2);
    expect(leakedCanaries(everythingAbout(error))).toEqual([]);
  });

  it('does not ask on other failures', async () => {
    ctx.server.faults.add({ method: 'PATCH', path: '/bff/users/timeout-limits', status: 500, times: 1 });
    let asks = 0;
    const error: Loose = await setTimeoutLimits(
      http(),
      { user_pause: 5, reason: 1 },
      {
        onStepUp: async () => {
          asks++;
          return 'x';
        },
      },
    ).catch((e): Loose => e);
    expect(error.status).toBe(500);
    expect(asks).toBe(0);
    expect(ctx.server.requests).toHaveLength(1);
  });
});

describe('sensitive changes on the reference server’s own step-up rule (no injected fault)', () => {
  it('a looser limit: asked once, sent again, stored as a pending change', async () => {
    const user = createUserModule(http());
    await user.updateLimits({ user_limit_deposit: 100, user_limit_deposit_period: 'weekly' });
    const reasons: string[] = [];
    await user.updateLimits(
      { user_limit_deposit: 900 },
      {
        onStepUp: async (error) => {
          reasons.push(error.reason);
          return secret(ctx.server.seed.plain.password);
        },
      },
    );
    expect(reasons).toEqual(['required']);
    expect(bodies().slice(1)).toEqual([
      { user_limit_deposit: 900, user_limit_deposit_active: 1 },
      {
        user_limit_deposit: 900,
        user_limit_deposit_active: 1,
        password_check: ctx.server.seed.plain.password,
      },
    ]);
    const { userInfo } = await getUserProfile(http());
    expect(userInfo.user_limit_deposit).toBe(100);
    expect(JSON.parse(String(userInfo.user_limit_deposit_change))).toMatchObject({ amount: 900, active: 1 });
  });

  it('a pause without onStepUp: the StepUpRequiredError reaches the caller, reason required', async () => {
    const error: Loose = await setTimeoutLimits(http(), { user_pause: 2, reason: 1 }).catch((e): Loose => e);
    expect(error).toBeInstanceOf(StepUpRequiredError);
    expect(error.reason).toBe('required');
    expect(ctx.server.requests).toHaveLength(1);
  });
});

describe('withPasswordCheck', () => {
  it('boxes the password, so the payload prints [redacted], and the call sends it', async () => {
    const payload = withPasswordCheck({ user_pause: 2, reason: 1 }, ctx.server.seed.plain.password);
    expect(JSON.stringify(payload)).toBe('{"user_pause":2,"reason":1,"password_check":"[redacted]"}');
    expect(inspect(payload)).not.toContain(ctx.server.seed.plain.password);
    await setTimeoutLimits(http(), payload);
    expect(bodies()).toEqual([{ user_pause: 2, reason: 1, password_check: ctx.server.seed.plain.password }]);
  });
});
