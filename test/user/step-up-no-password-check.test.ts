import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError, StepUpRequiredError } from '../../src/index';
import { stepUpAttemptsLeftOf } from '../../src/user/step-up-attempts';
import { useReferenceServer } from '../support/server';
import {
  answerStepUp,
  carriesCheck,
  NO_CHECK_ROWS,
  STEP_UP_ROWS,
  type StepUpRowName,
  stepUpUser,
} from '../support/step-up-rows';

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

const PASSWORD = () => ctx.server.seed.plain.password;
const ROWS = STEP_UP_ROWS;
type RowName = StepUpRowName;
const carries = carriesCheck;
const NO_CHECK = NO_CHECK_ROWS;

const stepUpAnswer = (reason: 'required' | 'invalid', times = 1) => answerStepUp(ctx.server, reason, times);
const userOf = () => stepUpUser(ctx.server);

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
        const { user, counted } = userOf();
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
        expect(counted()).toEqual([]);
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
          const { user, counted } = userOf();
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
          expect(counted()).toEqual([]);
          await user.updateEmail({ email: 'ana.nova@example.com', password_check: PASSWORD() });
          expect(ctx.server.requests).toHaveLength(steps.length + 1);
        },
      ),
      { numRuns: 25 },
    );
  });
});
