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
import { IncomeReportGeneratePayload } from '../../src/schemas/income-report';
import { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../../src/schemas/limits';
import {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
} from '../../src/schemas/user';
import { USER_OPERATIONS } from '../../src/user/index';
import { STEP_UP_STORAGE_PREFIX, stepUpAttemptsLeftOf } from '../../src/user/step-up-attempts';
import { memoryStorage } from '../support/memory-storage';
import { useReferenceServer } from '../support/server';
import { stepUpFault } from '../support/step-up-fault';

// A call WITH a body whose schema has no `password_check` (updateContracts, updateMarketing,
// changePassword, checkPassword, toggleTwoFactor, generateIncomeReport) answered
// `step_up_required`: its resend cannot carry the password (its strict schema refuses the key), yet
// `onStepUp` was asked, an attempt reserved, the resend refused before sending as an unknown key
// (`RequestValidationError`, not the server's error) and, for changePassword/checkPassword, the
// server's `invalid` counted as a wrong password. Now, as for the body-less calls: the error as it
// is, nobody asked, nothing counted, one request. Whether a call can carry the password is read
// from its row's schema, so a new row follows the rule; the zod schemas (the readers' oracle) say
// which rows take `password_check`.
const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;
type Call = (user: UserModule, options: SensitiveCallOptions) => Promise<unknown>;

const ID = () => ctx.server.seed.plain.id;
const PASSWORD = () => ctx.server.seed.plain.password;

/** Every row of the user module: how to call it, and the zod schema of its body (none: body-less). */
const ROWS: Record<keyof typeof USER_OPERATIONS, [Call, { shape: object } | null]> = {
  updateProfile: [(u, o) => u.updateProfile(ID(), { first_name: 'Ana' }, o), UpdateUserPayload],
  getAddress: [(u, o) => u.getAddress(o), null],
  updateEmail: [(u, o) => u.updateEmail({ email: 'ana.nova@example.com' }, o), UpdateEmailPayload],
  addPhone: [(u, o) => u.addPhone({ phone: '11 99999-0000', ddi: '+55' }, o), AddPhonePayload],
  updateAddress: [
    (u, o) =>
      u.updateAddress({ street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000' }, o),
    UpdateAddressPayload,
  ],
  updateContracts: [(u, o) => u.updateContracts('tc', o), UpdateContractsPayload],
  updateMarketing: [(u, o) => u.updateMarketing({ mkt_accepted: true }, o), UpdateMarketingPayload],
  changePassword: [
    (u, o) =>
      u.changePassword(
        ID(),
        { old_password: PASSWORD(), password: 'a-New-passw0rd', password_confirmation: 'a-New-passw0rd' },
        o,
      ),
    ChangePasswordPayload,
  ],
  checkPassword: [(u, o) => u.checkPassword({ password: PASSWORD() }, o), CheckPasswordPayload],
  toggleTwoFactor: [(u, o) => u.toggleTwoFactor({ type: 'email', enabled: true }, o), TwoFactorPayload],
  getSocialAccounts: [(u, o) => u.getSocialAccounts(o), null],
  connectSocial: [(u, o) => u.connectSocial('google', o), null],
  disconnectSocial: [(u, o) => u.disconnectSocial(7, o), null],
  getLoginHistory: [(u, o) => u.getLoginHistory(2, o), null],
  updateLimits: [(u, o) => u.updateLimits({ user_limit_deposit: 900 }, o), UpdateLimitsPayload],
  setTimeoutLimits: [(u, o) => u.setTimeoutLimits({ user_pause: 7, reason: 1 }, o), TimeoutLimitsPayload],
  setSelfExclusion: [(u, o) => u.setSelfExclusion({ user_exclusion: 3, reason: 1 }, o), SelfExclusionPayload],
  generateIncomeReport: [
    (u, o) => u.generateIncomeReport({ reference_year: 2024, type: 'email' }, o),
    IncomeReportGeneratePayload,
  ],
  getIncomeReportStatus: [(u, o) => u.getIncomeReportStatus(7, o), null],
  getAvailableYears: [(u, o) => u.getAvailableYears(o), null],
};
type RowName = keyof typeof ROWS;

/** Whether the row's body can carry the password: the zod schema's shape has `password_check`. */
const carries = (name: RowName) => {
  const schema = ROWS[name][1];
  return schema !== null && 'password_check' in schema.shape;
};
const NO_CHECK = (Object.keys(ROWS) as RowName[]).filter((n) => ROWS[n][1] !== null && !carries(n));

/** The next `times` requests (any method, any path) answered with a step-up 422. */
function stepUpAnswer(reason: 'required' | 'invalid', times = 1) {
  ctx.server.faults.add(stepUpFault(reason, times, { path: /./ }));
}

function userOf() {
  const storage = memoryStorage();
  const token = ctx.server.issueToken(ID());
  const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token, timeout: 2000 });
  const user = createUserModule(http, { signedIn: () => ({ userId: ID() }), storage });
  return { user, storage };
}

const counted = (storage: ReturnType<typeof memoryStorage>) =>
  [...storage.data.keys()].filter((k) => k.startsWith(STEP_UP_STORAGE_PREFIX));

describe('a call whose body cannot carry password_check, answered step_up_required', () => {
  it('the calls: exactly those the brief names (the rows with a body and no password_check)', () => {
    expect(NO_CHECK.sort()).toEqual(
      [
        'changePassword',
        'checkPassword',
        'generateIncomeReport',
        'toggleTwoFactor',
        'updateContracts',
        'updateMarketing',
      ].sort(),
    );
  });

  for (const name of NO_CHECK)
    for (const reason of ['required', 'invalid'] as const)
      it(`${name}, reason ${reason}: the error as is, onStepUp never asked, nothing counted, one request`, async () => {
        const { user, storage } = userOf();
        stepUpAnswer(reason, 5);
        const asked: unknown[] = [];
        const onStepUp = async (e: StepUpRequiredError) => {
          asked.push(e.reason);
          return PASSWORD();
        };
        const error: Loose = await ROWS[name][0](user, { onStepUp }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StepUpRequiredError);
        expect([error.code, error.reason]).toEqual(['step_up_required', reason]);
        expect(asked).toEqual([]);
        expect(ctx.server.requests).toHaveLength(1);
        expect(counted(storage)).toEqual([]);
        // Not marked with attempts left: it says nothing of the player's passwords.
        expect(stepUpAttemptsLeftOf(error)).toBeUndefined();
      });

  // One rule for every row: asked (and sent again with the password) exactly when its schema takes
  // `password_check`; a body-less row and a row whose body has none throw the server's error.
  const asking = async (name: RowName) => {
    const { user } = userOf();
    stepUpAnswer('required', 1);
    const asked: unknown[] = [];
    const outcome: unknown = await ROWS[name]
      [0](user, {
        onStepUp: async (e) => {
          asked.push(e.reason);
          return PASSWORD();
        },
      })
      .catch((e: unknown) => e);
    const sent = ctx.server.requests.map(
      (r) => (r.body as { password_check?: string } | null)?.password_check,
    );
    return { asked, outcome, sent };
  };
  for (const name of (Object.keys(ROWS) as RowName[]).filter(carries))
    it(`${name} (its schema takes password_check): asked, sent again with it`, async () => {
      const { asked, sent } = await asking(name);
      expect(asked).toEqual(['required']);
      expect(sent).toEqual([undefined, PASSWORD()]);
    });
  for (const name of (Object.keys(ROWS) as RowName[]).filter((n) => !carries(n)))
    it(`${name} (no password_check in its schema, or no body): the error as is, nobody asked`, async () => {
      const { asked, outcome, sent } = await asking(name);
      expect(asked).toEqual([]);
      expect(sent).toHaveLength(1);
      expect(isPamError(outcome) && outcome.code).toBe('step_up_required');
    });

  // Counters: any sequence of such calls answered step_up_required (either reason, the prompt
  // answering a wrong password) leaves the player's count as it was; a change with a password_check
  // after them is sent (no lock).
  it('property: no sequence of them prompts, counts or locks anything', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ name: fc.constantFrom(...NO_CHECK), reason: fc.constantFrom('required', 'invalid') }),
          { minLength: 1, maxLength: 6 },
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
            stepUpAnswer(reason);
            const error = await ROWS[name][0](user, { onStepUp }).catch((e: unknown) => e);
            expect(isPamError(error) && error.code).toBe('step_up_required');
          }
          expect(asked).toBe(0);
          expect(ctx.server.requests).toHaveLength(steps.length);
          expect(counted(storage)).toEqual([]);
          await user.updateEmail({ email: 'ana.nova@example.com', password_check: PASSWORD() });
          expect(ctx.server.requests).toHaveLength(steps.length + 1);
        },
      ),
      { numRuns: 25 },
    );
  });
});
