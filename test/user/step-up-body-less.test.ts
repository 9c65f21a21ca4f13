import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createOfetchAdapter,
  createUserModule,
  isPamError,
  type SensitiveCallOptions,
  StepUpRequiredError,
  type UserModule,
} from '../../src/index';
import { STEP_UP_STORAGE_PREFIX, stepUpAttemptsLeftOf } from '../../src/user/step-up-attempts';
import { memoryStorage } from '../support/memory-storage';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';
import { stepUpFault } from '../support/step-up-fault';

// A call without a body (getAddress, getSocialAccounts, connectSocial, disconnectSocial,
// getLoginHistory, getIncomeReportStatus, getAvailableYears) answered `step_up_required`: the
// password has no way to travel with it (spec 5.7: `password_check` is a field of a sensitive
// update's body; these have none, and no other carrier is shown). Before, `onStepUp` was asked
// anyway, an attempt reserved, the call sent again without the password and the server's
// `invalid` counted as a wrong password: three of them locked the player out of their changes for
// 15 minutes though no password was ever sent. Now the server's error is thrown as it is: nobody
// asked, nothing reserved or counted, one request.
const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;

const CALLS = {
  getAddress: ['GET', /^\/bff\/users\/address-by-user$/, (u, o) => u.getAddress(o)],
  getSocialAccounts: ['GET', /^\/bff\/users\/account-social$/, (u, o) => u.getSocialAccounts(o)],
  connectSocial: ['POST', /^\/bff\/users\/account-social\/connect\//, (u, o) => u.connectSocial('google', o)],
  disconnectSocial: ['DELETE', /^\/bff\/users\/account-social\/\d+$/, (u, o) => u.disconnectSocial(7, o)],
  getLoginHistory: ['GET', /^\/bff\/users\/login-history/, (u, o) => u.getLoginHistory(2, o)],
  getAvailableYears: ['GET', /^\/income-report\/available-years$/, (u, o) => u.getAvailableYears(o)],
} satisfies Record<
  string,
  [string, RegExp, (user: UserModule, options: SensitiveCallOptions) => Promise<unknown>]
>;
type CallName = keyof typeof CALLS;

function stepUpAnswer(name: CallName, reason: 'required' | 'invalid', times = 1) {
  const [method, path] = CALLS[name];
  ctx.server.faults.add(stepUpFault(reason, times, { method, path }));
}

function userOf() {
  const storage = memoryStorage();
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
  const user = createUserModule(http, {
    signedIn: () => ({ userId: ctx.server.seed.plain.id }),
    storage,
  });
  return { user, storage };
}

const counted = (storage: ReturnType<typeof memoryStorage>) =>
  [...storage.data.keys()].filter((k) => k.startsWith(STEP_UP_STORAGE_PREFIX));

describe('a call without a body answered step_up_required', () => {
  for (const name of Object.keys(CALLS) as CallName[])
    for (const reason of ['required', 'invalid'] as const)
      it(`${name}, reason ${reason}: the error as is, onStepUp never asked, nothing reserved, one request`, async () => {
        const { user, storage } = userOf();
        stepUpAnswer(name, reason, 5);
        const asked: unknown[] = [];
        const onStepUp = async (e: StepUpRequiredError) => {
          asked.push(e.reason);
          return ctx.server.seed.plain.password;
        };
        const error: Loose = await CALLS[name][2](user, { onStepUp }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StepUpRequiredError);
        expect([error.code, error.reason]).toEqual(['step_up_required', reason]);
        expect(asked).toEqual([]);
        expect(ctx.server.requests).toHaveLength(1);
        expect(counted(storage)).toEqual([]);
        // Not marked with attempts left: it says nothing of the player's passwords.
        expect(stepUpAttemptsLeftOf(error)).toBeUndefined();
      });

  it('control: a change with a body is still asked for the password and sent again with it', async () => {
    const { user } = userOf();
    ctx.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-email',
      status: 422,
      body: { message: 'Confirm.', code: 'password_check_required', errors: { password_check: ['x'] } },
      times: 1,
    });
    const asked: unknown[] = [];
    await user.updateEmail(
      { email: 'ana.nova@example.com' },
      {
        onStepUp: async (e) => {
          asked.push(e.reason);
          return ctx.server.seed.plain.password;
        },
      },
    );
    expect(asked).toEqual(['required']);
    expect(ctx.server.requests.map((r) => (r.body as { password_check?: string }).password_check)).toEqual([
      undefined,
      ctx.server.seed.plain.password,
    ]);
  });

  // Counters: any sequence of body-less calls answered step_up_required (either reason) leaves the
  // player's count as it was; a password change after them is sent (no lock), its password right.
  it('property: no sequence of them reserves, counts or locks anything', async () => {
    const names = Object.keys(CALLS) as CallName[];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ name: fc.constantFrom(...names), reason: fc.constantFrom('required', 'invalid') }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (steps) => {
          ctx.server.reset();
          const { user, storage } = userOf();
          let asked = 0;
          const onStepUp = async () => {
            asked++;
            return 'wrong-password';
          };
          for (const { name, reason } of steps) {
            stepUpAnswer(name, reason);
            const error = await CALLS[name][2](user, { onStepUp }).catch((e: unknown) => e);
            expect(isPamError(error) && error.code).toBe('step_up_required');
          }
          expect(asked).toBe(0);
          expect(ctx.server.requests).toHaveLength(steps.length);
          expect(counted(storage)).toEqual([]);
          await user.updateEmail({
            email: 'ana.nova@example.com',
            password_check: ctx.server.seed.plain.password,
          });
          expect(ctx.server.requests).toHaveLength(steps.length + 1);
        },
      ),
      { numRuns: 25 },
    );
  });
});
