import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { useReferenceServer } from '../support/server';

// Issue 20 ("docs a newcomer needs"): createPamClient({ onStepUp }) is the one step-up prompt of the
// app, used by every sensitive change made without its own.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const PAUSE = '/bff/users/timeout-limits';
function requirePasswordCheck() {
  ctx.server.faults.add({
    method: 'PATCH',
    path: PAUSE,
    status: 422,
    body: {
      message: 'Confirm your password.',
      code: 'password_check_required',
      errors: { password_check: ['The password is required.'] },
    },
    times: 1,
  });
}
const pauses = () => ctx.server.requests.filter((r) => r.path === PAUSE).map((r) => r.body);

describe('createPamClient({ onStepUp })', () => {
  it('answers a sensitive change that has no onStepUp of its own; a per-call one wins', async () => {
    const asked: string[] = [];
    const c = createPamClient({
      baseURL: ctx.server.url,
      environment: { channel: null },
      onStepUp: async () => {
        asked.push('client');
        return ctx.server.seed.plain.password;
      },
    });
    clients.push(c);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });

    requirePasswordCheck();
    await c.user.setTimeoutLimits({ user_pause: 5, reason: 1 });
    expect(asked).toEqual(['client']);
    expect(pauses().at(-1)).toMatchObject({ password_check: ctx.server.seed.plain.password });

    requirePasswordCheck();
    await c.user.setTimeoutLimits(
      { user_pause: 5, reason: 1 },
      {
        onStepUp: async () => {
          asked.push('call');
          return ctx.server.seed.plain.password;
        },
      },
    );
    expect(asked).toEqual(['client', 'call']);
  });
});
