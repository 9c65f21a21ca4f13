// Review 79 (against 7dfdbfcd; helper 427). Fixed in the fifty-second pass (each case failed on
// 7dfdbfcd, seen): machine-setup.ts `readingEvents`, login/request.ts `boxRegistration` key by key,
// tokenRefreshMachine.ts `saved`, registrationMachine.ts `boxed` (`boxCaptcha`).
// What it checks: `createPamClient`'s door (`client.state.send`, the documented way to send
// `TICK`/`REFRESH`/`LOGIN`/... : API.md "Apps send the session only commands") given a command
// whose field is a getter that throws (a hostile or broken caller: a reactive proxy whose read
// throws). The promise (docs/errors.md, REVIEW-U U-2, machines/login/request.ts boxRegistration's
// doc: "a payload that cannot be read is none, refused as invalid input"): never a crash, nothing
// sent on bad input. What happens: `boxCommand` (machines/session/login.ts:174) calls
// `boxRegistration(e, ...)`, whose `{ ...payload }` throws and is caught into `{}`
// (machines/login/request.ts:153-156): the command loses its `type`, and the door
// (machines/client/session-facade.ts:257) sends `{}` to the session, where XState reads
// `event.type.startsWith` and the session actor dies (status 'error', "Cannot read properties of
// undefined (reading 'startsWith')"). A signed-in client then keeps its last view (status
// `signedIn`, restrictions as last read) forever: LOGOUT sends nothing, the refresh cycle is gone.
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);

/** A command of `type` whose `key` is an enumerable getter that throws. */
const unreadable = (type: string, key: string) => {
  const e: Record<string, unknown> = { type };
  Object.defineProperty(e, key, {
    enumerable: true,
    get() {
      throw new Error('reactive proxy read failed');
    },
  });
  return e as never;
};

describe('client door: a command whose reading throws', () => {
  for (const [type, key] of [
    ['TICK', 'at'],
    ['REFRESH', 'at'],
    ['LOGOUT', 'reason'],
  ] as const) {
    it(`${type} with a throwing \`${key}\` getter leaves the session alive, and LOGOUT still signs out`, async () => {
      const c = client();
      await signIn(c);
      expect(() => c.state.send(unreadable(type, key))).not.toThrow();
      await new Promise((r) => setImmediate(r));
      expect(sessionActorOf(c).getSnapshot().status).toBe('active');
      c.logout();
      await until(() => c.view.status === 'signedOut', 'signed out after LOGOUT');
    });
  }

  it('LOGIN with a throwing `login` getter (signed out) fails as invalid input, the session alive', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut', 'settled');
    const before = ctx.server.requests.length;
    expect(() => c.state.send(unreadable('LOGIN', 'login'))).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    expect(ctx.server.requests.length).toBe(before);
  });
});
