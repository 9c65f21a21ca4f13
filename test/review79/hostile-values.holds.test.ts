// Probes that held: hostile but readable values (no throwing getter) at the client's door and in
// the standalone machines never crash an actor. TICK with `at` of Number.POSITIVE_INFINITY, 'abc', ±1e300 and an
// `ask` of 5 through `client.state.send`; a login SUBMIT whose password / captcha token / app
// source are of the wrong type ends in `failed` with `invalid_request`, nothing sent.

import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { loginMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client } = usePamClients(ctx);

describe('hostile readable values', () => {
  it('client door: TICK with odd `at` / `ask` keeps the session alive', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut', 'settled');
    for (const e of [
      { at: Number.POSITIVE_INFINITY },
      { at: 'abc' },
      { at: -1e300 },
      { at: 1e300 },
      { ask: 5 },
    ]) {
      c.state.send({ type: 'TICK', ...e } as never);
      expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    }
  });

  it('loginMachine: wrong-typed SUBMIT fields fail as invalid_request, nothing sent', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }));
    for (const bad of [
      { password: 5 },
      { password: { toString: () => 'pw' } },
      { captchaToken: 7 },
      { appSource: { x: 1 } },
      { login: ['a'] },
    ]) {
      const before = ctx.server.requests.length;
      const a = createActor(loginMachine, { input: { auth } }).start();
      a.send({ type: 'SUBMIT', login: 'plain@example.com', password: 'x', ...bad } as never);
      await waitFor(a, (s) => s.matches('failed'));
      expect(a.getSnapshot().context.error?.code).toBe('invalid_request');
      expect(ctx.server.requests.length).toBe(before);
      a.stop();
    }
  });
});
