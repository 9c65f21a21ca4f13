// Review 79 (against 7dfdbfcd; helper 427). Fixed in the fifty-second pass (each case failed on
// 7dfdbfcd, seen): machine-setup.ts `readingEvents`, login/request.ts `boxRegistration` key by key,
// tokenRefreshMachine.ts `saved`, registrationMachine.ts `boxed` (`boxCaptcha`).
// What it checks: each standalone machine of `pam-client/machines` given one of its own public
// events whose field is a getter that throws (or a Proxy whose traps throw), sent in an ordinary
// state. The project's rule (docs/errors.md, CHANGELOG REVIEW-U U-2 / REVIEW-O 7 for the client):
// a payload whose reading throws is bad input: a typed error (`invalid_request`, issue
// `unreadable`), nothing sent, the actor never crashes. `createPamClient` catches the read at its
// door (and then crashes anyway: client-door-unreadable-command-kills-session), but the machines read the event raw in their actions and
// guards: `readClock` spreads `...event` (machines/clock.ts:324-325), `acceptCredentials` reads
// `e.login`/`e.password` (machines/loginMachine.ts:221-222), `atOf` reads `.at` in guards
// (machines/tokenRefreshMachine.ts:132), `rememberRequest` destructures the GENERATE
// (machines/incomeReportMachine.ts:158), `startCheck`/`boxed` read `number`/`payload`
// (machines/registrationMachine.ts:119,87), `hasPassword` reads `password`
// (machines/stepUpMachine.ts:99). What happens: the actor's status becomes 'error' (it is dead:
// every later event is ignored; a login can never be retried, the refresh cycle stops for good).
import { StepUpRequiredError } from 'pam-client';
import {
  incomeReportMachine,
  loginMachine,
  registrationMachine,
  stepUpMachine,
  tokenRefreshMachine,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, SimulatedClock, waitFor } from 'xstate';

const boom = () => {
  throw new Error('boom');
};
/** An event of `type` whose `key` is an enumerable getter that throws. */
const hostile = (type: string, key: string) => {
  const e: Record<string, unknown> = { type };
  Object.defineProperty(e, key, { get: boom, enumerable: true });
  return e as never;
};
const never = () => new Promise<never>(() => undefined);

function alive(actor: AnyActor) {
  const s = actor.getSnapshot();
  return { status: s.status, crash: s.status === 'error' ? String(s.error) : null };
}

/** Starts an actor with an error listener (so XState does not rethrow the crash asynchronously). */
function start<A extends AnyActor>(actor: A): A {
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}

describe('a hostile event (a throwing getter) never crashes a machine', () => {
  it('loginMachine: SUBMIT whose `login` getter throws', () => {
    const a = start(createActor(loginMachine, { input: { auth: { login: never } } }));
    a.send(hostile('SUBMIT', 'login'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('loginMachine: SUBMIT_CODE whose `code` getter throws (two-factor step)', async () => {
    const a = start(
      createActor(loginMachine, {
        input: { auth: { login: async () => ({ type: 'two_factor_code' }) as never } },
      }),
    );
    a.send({ type: 'SUBMIT', login: 'player@example.com', password: 'pw' });
    await waitFor(a, (s) => s.matches('twoFactorRequired'));
    a.send(hostile('SUBMIT_CODE', 'code'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('tokenRefreshMachine: TICK whose `at` getter throws', () => {
    const a = start(
      createActor(tokenRefreshMachine, {
        input: { auth: { refreshToken: never }, savedAt: 0, now: () => 0 },
        clock: new SimulatedClock(),
      }),
    );
    a.send(hostile('TICK', 'at'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('tokenRefreshMachine: TOKEN_SAVED whose `accessToken` getter throws', () => {
    const a = start(
      createActor(tokenRefreshMachine, {
        input: { auth: { refreshToken: never }, now: () => 0 },
        clock: new SimulatedClock(),
      }),
    );
    a.send(hostile('TOKEN_SAVED', 'accessToken'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('incomeReportMachine: GENERATE whose `referenceYear` getter throws', async () => {
    const a = start(
      createActor(incomeReportMachine, {
        input: {
          user: {
            getAvailableYears: async () => ({ years: [2024] }),
            generateIncomeReport: never,
            getIncomeReportStatus: never,
          } as never,
        },
      }),
    );
    await waitFor(a, (s) => s.matches('ready'));
    a.send(hostile('GENERATE', 'referenceYear'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('registrationMachine: CHECK_DOCUMENT whose `number` getter throws', () => {
    const a = start(createActor(registrationMachine, { input: { auth: { validateDocument: never } } }));
    a.send(hostile('CHECK_DOCUMENT', 'number'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('registrationMachine: SUBMIT whose `payload` getter throws', () => {
    const a = start(createActor(registrationMachine, { input: { auth: { validateDocument: never } } }));
    a.send(hostile('SUBMIT', 'payload'));
    // Refused as bad input (or ended with a typed error), never a crash.
    expect(a.getSnapshot().status).not.toBe('error');
    a.stop();
  });

  it('stepUpMachine: CONFIRM whose `password` getter throws', async () => {
    const a = start(
      createActor(stepUpMachine, {
        input: {
          run: async () => {
            throw new StepUpRequiredError({ status: 422, method: 'PATCH', path: '/x', body: {} }, 'required');
          },
        },
      }),
    );
    await waitFor(a, (s) => s.matches('passwordRequired'));
    a.send(hostile('CONFIRM', 'password'));
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });
});
