// REVIEW-Q Q-1: a captcha provider that never settles left `submitting`, `registering` or
// `verifyingTwoFactor` (the session's `signingIn`, `registering`, `verifyingCode`) forever, nothing
// sent. Every wait on a provider is bounded by the adapter's default timeout, on the machine's own
// clock (the actor system's: `createActor(…, { clock })`, the environment's timers under createPamClient).

import {
  type AuthModule,
  isPamError,
  type LoginPayload,
  type LoginResponse,
  type RegistrationModule,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, SimulatedClock } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';

const hang = () => new Promise<string>(() => {});
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** An auth that asks for a code on a password alone and accepts any code; records every send. */
function codeAuth() {
  const sent: LoginPayload[] = [];
  const answer = (p: LoginPayload): LoginResponse =>
    (p.two_factor_code
      ? { access_token: 't', expires_in: 60, token_type: 'bearer', user: { id: 1 } }
      : { type: 'two_factor_code' }) as LoginResponse;
  const auth: Pick<AuthModule, 'login'> & Pick<RegistrationModule, 'registerSimplified'> = {
    login: async (p) => {
      sent.push(p);
      return answer(p);
    },
    registerSimplified: async (p) => {
      sent.push(p as never);
      return answer(p as never);
    },
  };
  return { auth, sent };
}

function start() {
  const clock = new SimulatedClock();
  const { auth, sent } = codeAuth();
  const actor = createActor(loginMachine, { input: { auth }, clock }).start();
  return { actor, clock, sent };
}

const at = (actor: AnyActorRef) => String(actor.getSnapshot().value);
const REGISTRATION = {
  email: 'r@x',
  password: 'Secret123!',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
};

describe('loginMachine: a captcha provider that never answers (Q-1)', () => {
  it('submitting: failed with a typed timeout at the bound, nothing sent', async () => {
    const { actor, clock, sent } = start();
    actor.send({ type: 'SUBMIT', login: 'a@x', password: 'p', captchaToken: hang });
    clock.increment(DEFAULT_TIMEOUT_MS - 1);
    await flush();
    expect(at(actor)).toBe('submitting');
    clock.increment(1);
    await flush();
    expect(at(actor)).toBe('failed');
    const error = actor.getSnapshot().context.error;
    expect(isPamError(error) && error.code).toBe('timeout');
    expect(sent).toEqual([]);
  });

  it('registering: failed with a typed timeout, nothing sent', async () => {
    const { actor, clock, sent } = start();
    actor.send({ type: 'REGISTER', payload: { ...REGISTRATION, captcha_token: hang } });
    clock.increment(DEFAULT_TIMEOUT_MS);
    await flush();
    expect(at(actor)).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('timeout');
    expect(sent).toEqual([]);
  });

  it('verifyingTwoFactor: back to the code step with a timeout (uncounted), nothing sent', async () => {
    const { actor, clock, sent } = start();
    actor.send({ type: 'SUBMIT', login: 'a@x', password: 'p' });
    await flush();
    expect(at(actor)).toBe('twoFactorRequired');
    actor.send({ type: 'SUBMIT_CODE', code: '123456', captchaToken: hang });
    clock.increment(DEFAULT_TIMEOUT_MS);
    await flush();
    expect(at(actor)).toBe('twoFactorRequired');
    expect(actor.getSnapshot().context.error?.code).toBe('timeout');
    expect(actor.getSnapshot().context.rejectedCodes).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('RESET during the wait leaves at once, and the late bound changes nothing', async () => {
    const { actor, clock, sent } = start();
    actor.send({ type: 'SUBMIT', login: 'a@x', password: 'p', captchaToken: hang });
    actor.send({ type: 'RESET' });
    expect(at(actor)).toBe('idle');
    clock.increment(DEFAULT_TIMEOUT_MS);
    await flush();
    expect(at(actor)).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(sent).toEqual([]);
  });
});
