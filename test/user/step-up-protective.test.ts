import { describe, expect, it } from 'vitest';
import { StepUpRequiredError } from '../../src/errors/base';
import { sendSensitive } from '../../src/user/sensitive';
import {
  countStepUpPerPlayer,
  STEP_UP_STORAGE_PREFIX,
  stepUpAttemptsLeftOf,
} from '../../src/user/step-up-attempts';

// REVIEW-R R-8 (product decision): a PROTECTIVE change (a pause, a self-exclusion) is never refused
// by the client's step-up lock: it is sent and the server decides; a wrong password is still
// counted. The lock keeps refusing every other change that would send a password.

const T0 = Date.parse('2026-11-30T15:00:00Z');
const RIGHT = 'Secret123!';
const invalid = () => new StepUpRequiredError({ status: 422, method: 'PATCH', path: '/x' }, 'invalid');
const required = () => new StepUpRequiredError({ status: 422, method: 'PATCH', path: '/x' }, 'required');

function setup() {
  const m = new Map<string, string>();
  const http = {};
  countStepUpPerPlayer(http, () => ({ userId: 7 }), {
    serverNow: () => T0,
    storage: {
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, v),
      removeItem: (k) => void m.delete(k),
    },
  });
  const sent: unknown[] = [];
  // The server: no password -> required; a wrong one -> invalid; the right one -> ok.
  const attempt = async (body: unknown) => {
    sent.push(body);
    const pw = (body as { password_check?: unknown }).password_check;
    if (pw === undefined) throw required();
    if (pw !== RIGHT) throw invalid();
    return { success: true };
  };
  const send = (payload: object, onStepUp?: () => Promise<string | null>) =>
    sendSensitive(attempt, payload, onStepUp && { onStepUp }, http);
  return { m, sent, send };
}

async function lockOut(send: ReturnType<typeof setup>['send']) {
  for (let i = 0; i < 3; i += 1)
    await expect(send({ email: 'a@b.c', password_check: `wrong${i}` })).rejects.toMatchObject({
      code: i < 2 ? 'step_up_required' : 'step_up_locked',
    });
}

describe('the step-up lock never refuses a protective change (R-8)', () => {
  it('after three wrong passwords: a self-exclusion and a pause with the right password are sent and succeed', async () => {
    const { sent, send } = setup();
    await lockOut(send);
    sent.length = 0;
    await expect(send({ user_exclusion: -1, reason: 1, password_check: RIGHT })).resolves.toEqual({
      success: true,
    });
    // Sent without a password: the server asks, the prompt is asked (one attempt at least), it goes.
    await expect(send({ user_pause: 1, reason: 1 }, async () => RIGHT)).resolves.toEqual({ success: true });
    expect(sent).toHaveLength(3);
  });

  it('other changes stay refused, nothing sent; a wrong password on a protective one is counted and reported', async () => {
    const { m, sent, send } = setup();
    await lockOut(send);
    sent.length = 0;
    await expect(send({ email: 'x@y.z', password_check: RIGHT })).rejects.toMatchObject({
      code: 'step_up_locked',
    });
    expect(sent).toEqual([]);
    const e = await send({ user_pause: 7, reason: 1, password_check: 'nope' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'step_up_required', reason: 'invalid' });
    expect(stepUpAttemptsLeftOf(e)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(m.get(`${STEP_UP_STORAGE_PREFIX}player 7`)!)).toMatchObject({ wrong: 4 });
  });
});
