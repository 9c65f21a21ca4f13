import fc from 'fast-check';
import { isPamError, StepUpRequiredError } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { useReferenceServer } from '../support/server';
import {
  answerStepUp,
  carriesCheck,
  NO_CHECK_ROWS,
  STEP_UP_ROW_NAMES,
  STEP_UP_ROWS,
  type StepUpRowName,
  stepUpUser,
} from '../support/step-up-rows';

// stepUpMachine followed a call that cannot carry `password_check` (a body whose schema has none:
// updateContracts, updateMarketing, changePassword, checkPassword, toggleTwoFactor,
// generateIncomeReport; or no body at all) into `passwordRequired` on its `step_up_required`: the
// player was asked for a password that no resend could carry, and a confirmation was counted as a
// wrong one. The user module's rule (its `refusesCheck`, read from the row's schema) now decides
// for the machine too: such a call ends in `failed` with the server's typed error, no prompt,
// nothing counted. Real sockets, the reference server.
const ctx = useReferenceServer();

/** Runs `name` in a step-up actor after the server answers `reason`; what it went through. */
async function machineOn(name: StepUpRowName, reason: 'required' | 'invalid') {
  const { user, counted } = stepUpUser(ctx.server);
  answerStepUp(ctx.server, reason);
  const call = STEP_UP_ROWS[name][0];
  const actor = createActor(stepUpMachine, {
    input: { run: (check, signal) => call(user, { signal }, check) },
  });
  const seen: string[] = [];
  actor.subscribe((s) => seen.push(String(s.value)));
  actor.start();
  const snap = await waitFor(actor, (s) => s.status === 'done' || s.hasTag('passwordRequired'));
  actor.stop();
  return { snap, seen, counted: counted(), requests: ctx.server.requests.length };
}

describe('stepUpMachine on a call that cannot carry password_check', () => {
  for (const name of NO_CHECK_ROWS)
    for (const reason of ['required', 'invalid'] as const)
      it(`${name}, reason ${reason}: failed with the typed step_up_required, no prompt, nothing counted`, async () => {
        const { snap, seen, counted, requests } = await machineOn(name, reason);
        expect(snap.value).toBe('failed');
        expect(seen).not.toContain('passwordRequired');
        expect(snap.context.error).toBeInstanceOf(StepUpRequiredError);
        expect(snap.context.error).toMatchObject({ code: 'step_up_required', reason });
        expect(snap.context.attemptsLeft).toBe(3);
        expect(snap.context.reason).toBeNull();
        expect(counted).toEqual([]);
        expect(requests).toBe(1);
      });

  it('a call whose body takes password_check still asks (updateEmail)', async () => {
    const { snap } = await machineOn('updateEmail', 'required');
    expect(snap.value).toBe('passwordRequired');
    expect(snap.context).toMatchObject({ reason: 'required', attemptsLeft: 3 });
  });

  // Over the 20 rows: the machine asks for the password exactly when the row's body takes
  // `password_check` (its zod schema, the oracle); otherwise it fails with the server's error, as
  // the user module throws it. A confirmation of an asking row is sent with the password.
  it('property: asks exactly for the rows whose body takes password_check, over the 20 rows', async () => {
    expect(STEP_UP_ROW_NAMES).toHaveLength(20);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STEP_UP_ROW_NAMES),
        fc.constantFrom('required' as const, 'invalid' as const),
        async (name, reason) => {
          ctx.server.reset();
          const { snap, counted, requests } = await machineOn(name, reason);
          expect(requests).toBe(1);
          expect(counted).toEqual([]);
          if (carriesCheck(name)) {
            expect(snap.value).toBe('passwordRequired');
            expect(snap.context.reason).toBe(reason);
          } else {
            expect(snap.value).toBe('failed');
            expect(isPamError(snap.context.error) && snap.context.error.code).toBe('step_up_required');
            expect(snap.context.attemptsLeft).toBe(3);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
