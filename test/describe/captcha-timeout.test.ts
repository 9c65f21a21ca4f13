// note14 "Noticed, left": a captcha widget that never answered ends the login with a TimeoutError
// (machines/login/request.ts bounds the wait: REVIEW-Q Q-1), which describeError told as "The server
// took too long to answer": no request was sent. The error says where it waited (its message:
// `captcha token timed out after … ms`), so describeError now asks for the verification again, in
// both languages (the tables' captcha sentence); a request's timeout keeps the server sentence.

import {
  createDescribeError,
  describeError,
  errorMessagesEn,
  errorMessagesPtBR,
  type LoginPayload,
  TimeoutError,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';

const describePt = createDescribeError(errorMessagesPtBR);

/** The error a login ends with when its captcha provider never answers. */
async function captchaTimeout() {
  const clock = new SimulatedClock();
  const sent: LoginPayload[] = [];
  const auth = {
    login: async (p: LoginPayload) => {
      sent.push(p);
      return { type: 'two_factor_code' as const };
    },
  };
  const actor = createActor(loginMachine, { input: { auth }, clock }).start();
  actor.send({
    type: 'SUBMIT',
    login: 'a@x',
    password: 'p',
    captchaToken: () => new Promise<string>(() => {}),
  });
  clock.increment(DEFAULT_TIMEOUT_MS);
  for (let i = 0; i < 10; i++) await Promise.resolve();
  expect(actor.getSnapshot().value).toBe('failed');
  expect(sent).toEqual([]);
  return actor.getSnapshot().context.error;
}

describe('describeError: a captcha that never answered is no slow server', () => {
  it('asks for the verification again, in English and Portuguese, retryable', async () => {
    const error = await captchaTimeout();
    expect(error?.code).toBe('timeout');
    expect(describeError(error)).toMatchObject({
      title: errorMessagesEn.field.captcha,
      code: 'timeout',
      retryable: true,
    });
    expect(describePt(error).title).toBe(errorMessagesPtBR.field.captcha);
  });

  it("a request's timeout keeps the server sentence", () => {
    const error = new TimeoutError('POST', '/auth/login', 15_000);
    expect(describeError(error).title).toBe(errorMessagesEn.timeout);
    expect(describePt(error).title).toBe(errorMessagesPtBR.timeout);
  });
});
