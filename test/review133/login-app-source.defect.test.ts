// Review 133 (LOW, defect): a login's `app_source` is any string: 100 kB, CR LF, a NUL are sent by
// `auth.login`, `loginMachine` (SUBMIT `appSource`) and `client.login`, while every other text a
// request carries has its bound (review 115 bounded the `login` to 254 after a 5 MB one was sent;
// common.ts: "every other text has its bound"). Expected: `invalid_request`, nothing sent.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createPamClient } from '../../machines/index';
import { loginMachine } from '../../machines/loginMachine';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { modsOf, verdict } from './support';

const ctx = useReferenceServer();
const LONG = 'x'.repeat(100_000);

describe('review 133: a login app_source of any length or content is sent (defect)', () => {
  it.each([
    ['of 100 kB', LONG],
    ['with CR LF', 'web\r\nX-Injected: 1'],
    ['with a NUL', 'web\u0000'],
    ['blank', '  '],
  ])('auth.login, app_source %s: invalid_request, nothing sent', async (_n, app_source) => {
    const { auth } = modsOf(ctx);
    const { email, password } = ctx.server.seed.plain;
    expect(await verdict(ctx, () => auth.login({ login: email, password, app_source }))).toBe(
      'invalid_request/0',
    );
  });

  it('loginMachine SUBMIT with a 100 kB appSource: failed invalid_request, nothing sent', async () => {
    const { auth } = modsOf(ctx);
    const actor = createActor(loginMachine, { input: { auth } }).start();
    const before = ctx.server.requests.length;
    const { email, password } = ctx.server.seed.plain;
    actor.send({ type: 'SUBMIT', login: email, password, appSource: LONG });
    await until(() => !actor.getSnapshot().matches('submitting'), 'settled');
    const s = actor.getSnapshot();
    actor.stop();
    expect([s.value, s.context.error?.code, ctx.server.requests.length - before]).toEqual([
      'failed',
      'invalid_request',
      0,
    ]);
  });

  it('client.login with a 100 kB appSource: failed invalid_request, nothing sent', async () => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    try {
      const before = ctx.server.requests.length;
      const { email, password } = ctx.server.seed.plain;
      c.login({ login: email, password, appSource: LONG });
      await until(() => c.view.status === 'failed' || c.view.status === 'signedIn', 'settled');
      expect([c.view.status, c.view.error?.code, ctx.server.requests.length - before]).toEqual([
        'failed',
        'invalid_request',
        0,
      ]);
    } finally {
      c.stop();
    }
  });
});
